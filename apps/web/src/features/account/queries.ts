import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchAlarms, fetchBalance, fetchUserInfo, logout } from '../../api/accounts.ts';
import { clearSession, getSession, useSession } from '../../api/session.ts';

export const accountKeys = {
  info: ['account', 'info'] as const,
  balance: ['account', 'balance'] as const,
  alarms: ['account', 'alarms'] as const,
};

/** GET /user/info while logged in; failures are silent (seeds §8), 40000 is handled by the client. */
export function useUserInfo() {
  const { accessToken } = useSession();
  return useQuery({ queryKey: accountKeys.info, queryFn: fetchUserInfo, enabled: accessToken !== null });
}

export function useBalance() {
  const { accessToken } = useSession();
  return useQuery({
    queryKey: accountKeys.balance,
    queryFn: fetchBalance,
    enabled: accessToken !== null,
    refetchInterval: 30_000,
  });
}

export function useAlarms() {
  const { accessToken } = useSession();
  return useQuery({
    queryKey: accountKeys.alarms,
    queryFn: fetchAlarms,
    enabled: accessToken !== null,
    refetchInterval: 60_000,
  });
}

/** Seeds §4: log out removes the access token and goes to /login (the server session is revoked too). */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void logout(getSession().refreshToken).catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login');
  }, [navigate, queryClient]);
}
