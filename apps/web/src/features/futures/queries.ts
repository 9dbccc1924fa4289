import { OrderStatus } from '@tickline/protocol';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OpenOrdersAnswer, PositionRow } from '@tickline/protocol';
import { ApiError, SESSION_INVALID_CODE } from '../../api/client.ts';
import { clearSession, useSession } from '../../api/session.ts';
import { foldEvent, readAgain } from '../../api/streamCache.ts';
import { useUserEvents } from '../../api/useUserEvents.ts';
import { wsClient } from '../../api/ws.ts';
import { accountKeys } from '../account/queries.ts';
import { fetchOpenOrders, fetchOrderHistory, fetchPositions } from './api.ts';
import { applyOrderEvent } from './stream/orderEvents.ts';
import { applyPositionEvent } from './stream/positionEvents.ts';

export const futuresKeys = {
  positions: ['futures', 'positions'] as const,
  openOrders: ['futures', 'openOrders'] as const,
  history: ['futures', 'history'] as const,
};

/**
 * Seed 000 §4/§8: code 40000 on the futures screen closes both sockets (ours is one), removes the stored token and
 * reloads the page.
 */
export function endInvalidSession(): void {
  wsClient().close();
  clearSession();
  window.location.reload();
}

function useLoggedInQuery<T>(queryKey: readonly string[], queryFn: () => Promise<T>) {
  const { accessToken } = useSession();
  const query = useQuery({ queryKey, queryFn, enabled: accessToken !== null });
  const error = query.error;
  useEffect(() => {
    if (error instanceof ApiError && error.code === SESSION_INVALID_CODE) endInvalidSession();
  }, [error]);
  return query;
}

export const usePositions = () => useLoggedInQuery<PositionRow[]>(futuresKeys.positions, fetchPositions);
export const useOpenOrders = () => useLoggedInQuery<OpenOrdersAnswer>(futuresKeys.openOrders, fetchOpenOrders);
export const useOrderHistory = () => useLoggedInQuery(futuresKeys.history, fetchOrderHistory);

/** Balances, positions and open orders (seed 000 §4 after an order), plus history when asked. */
export function reloadTrading(queryClient: QueryClient, withHistory = false): void {
  readAgain(queryClient, accountKeys.balance);
  readAgain(queryClient, futuresKeys.positions);
  readAgain(queryClient, futuresKeys.openOrders);
  if (withHistory) readAgain(queryClient, futuresKeys.history);
}

/**
 * The user stream on the app socket while logged in: orders and positions go straight into the query cache, a
 * balance hint reloads the balance, a fill reloads the history; each time the stream starts (page load, reconnect)
 * everything is read again (a first read may predate a change whose event came before the stream did).
 */
export function useUserStream(): void {
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  useUserEvents(
    {
      order: (order) => {
        foldEvent<OpenOrdersAnswer>(queryClient, futuresKeys.openOrders, (current) => applyOrderEvent(current, order));
        if (order.status !== OrderStatus.Open) void queryClient.invalidateQueries({ queryKey: futuresKeys.history });
      },
      position: (position, symbol) => {
        foldEvent<PositionRow[]>(queryClient, futuresKeys.positions, (rows) =>
          applyPositionEvent(rows, position, symbol),
        );
        void queryClient.invalidateQueries({ queryKey: futuresKeys.history });
      },
      balance: () => void queryClient.invalidateQueries({ queryKey: accountKeys.balance }),
    },
    () => reloadTrading(queryClient, true),
  );
  useEffect(() => {
    if (!accessToken) return;
    return wsClient().onError((code) => {
      if (code === SESSION_INVALID_CODE) endInvalidSession();
    });
  }, [accessToken]);
}
