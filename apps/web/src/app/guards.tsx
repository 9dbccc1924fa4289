import { Navigate, Outlet } from 'react-router-dom';
import { PARTNER_MIN_LEVEL, useSession } from '../api/session.ts';

/** Seeds §2: login-required routes send a visitor without a stored access token to /login. */
export function RequireLogin() {
  const session = useSession();
  return session.accessToken ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Seeds §2: the /affiliates routes send a stored level below 2 (missing = 1) to /. */
export function RequirePartner() {
  const session = useSession();
  return session.level >= PARTNER_MIN_LEVEL ? <Outlet /> : <Navigate to="/" replace />;
}

/** #18: a logged-in user has nothing to do on /login or /register; they go home. */
export function RedirectIfLoggedIn() {
  const session = useSession();
  return session.accessToken ? <Navigate to="/" replace /> : <Outlet />;
}
