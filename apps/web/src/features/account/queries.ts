import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchAlarms, fetchBalance, fetchUserInfo, logout } from '../../api/accounts.ts';
import { clearSession, getSession, useSession } from '../../api/session.ts';
import { readAgain } from '../../api/streamCache.ts';
import type { Alarm } from '@tickline/protocol';
import { useSocketOpen } from '../../api/useSocketOpen.ts';
import { useUserEvents } from '../../api/useUserEvents.ts';
import { wsClient } from '../../api/ws.ts';

/** How often balance and alarms are read while the socket is down (#18: live from the user stream otherwise). */
const BALANCE_POLL_MS = 30_000;
const ALARMS_POLL_MS = 60_000;

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
  const open = useSocketOpen();
  return useQuery({
    queryKey: accountKeys.balance,
    queryFn: fetchBalance,
    enabled: accessToken !== null,
    refetchInterval: open ? false : BALANCE_POLL_MS,
  });
}

export function useAlarms() {
  const { accessToken } = useSession();
  const open = useSocketOpen();
  return useQuery({
    queryKey: accountKeys.alarms,
    queryFn: fetchAlarms,
    enabled: accessToken !== null,
    refetchInterval: open ? false : ALARMS_POLL_MS,
  });
}

/**
 * #18: the header's notifications and balance follow the user stream while logged in: an `alarm` goes to the top of
 * the list at once, a `balance` hint reloads the balance; each time the stream starts (page load, reconnect) both are
 * read again (events before it are not replayed).
 */
export function useAccountStream(): void {
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  // The server has no "unauth": signing out drops the user stream with a fresh connection.
  useEffect(() => {
    if (!accessToken) wsClient().setToken(null);
  }, [accessToken]);
  useUserEvents(
    {
      alarm: ({ content, insertDate }) =>
        queryClient.setQueryData<Alarm[]>(accountKeys.alarms, (list) => [{ content, insertDate }, ...(list ?? [])]),
      balance: () => void queryClient.invalidateQueries({ queryKey: accountKeys.balance }),
    },
    () => {
      readAgain(queryClient, accountKeys.alarms);
      readAgain(queryClient, accountKeys.balance);
    },
  );
}

/** Seeds §4: log out removes the access token and goes to /login (the server session is revoked too). */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void logout(getSession().refreshToken).catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate('/login'); // BrowserRouter: nothing to wait for
  }, [navigate, queryClient]);
}
