import { OptionResult } from '@tickline/protocol';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OptionOrderRow } from '@tickline/protocol';
import { useSession } from '../../api/session.ts';
import { foldEvent } from '../../api/streamCache.ts';
import { useUserEvents } from '../../api/useUserEvents.ts';
import { wsClient } from '../../api/ws.ts';
import { fetchKlines } from '../../api/market.ts';
import { ticksOf } from '../../lib/units.ts';
import { accountKeys } from '../account/queries.ts';
import { fetchOptionHistory, fetchTopOptionOrders, fetchWaitingOptionOrders } from './api.ts';

export const optionKeys = {
  top: ['options', 'top'] as const,
  waiting: ['options', 'waiting'] as const,
  history: (page: number) => ['options', 'history', page] as const,
  allHistory: ['options', 'history'] as const,
};

/** Seed 001 §9: recent orders polled every 5 s; here only while the websocket (which pushes them) is down. */
const TOP_FALLBACK_POLL_MS = 5_000;

function useSocketOpen(): boolean {
  const client = wsClient();
  return useSyncExternalStore(client.subscribeState, client.getState) === 'open';
}

export function useTopOptionOrders() {
  const { accessToken } = useSession();
  const live = useSocketOpen();
  return useQuery({
    queryKey: optionKeys.top,
    queryFn: fetchTopOptionOrders,
    enabled: accessToken !== null,
    refetchInterval: live ? false : TOP_FALLBACK_POLL_MS,
  });
}

export function useWaitingOptionOrders() {
  const { accessToken } = useSession();
  return useQuery({ queryKey: optionKeys.waiting, queryFn: fetchWaitingOptionOrders, enabled: accessToken !== null });
}

export function useOptionHistory(page: number, enabled = true) {
  const { accessToken } = useSession();
  return useQuery({
    queryKey: optionKeys.history(page),
    queryFn: () => fetchOptionHistory(page),
    enabled: accessToken !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Seed 001 §4 at 0 s: positions and order lists reload (and the price lines with the waiting orders). */
export function reloadOptions(queryClient: QueryClient): void {
  for (const queryKey of [optionKeys.top, optionKeys.waiting, optionKeys.allHistory, accountKeys.balance])
    void queryClient.invalidateQueries({ queryKey });
}

/** Puts a pushed order into a list by its number: replaced where it is, else first. */
export function upsertOrder(list: readonly OptionOrderRow[] | undefined, order: OptionOrderRow): OptionOrderRow[] {
  const rows = list ?? [];
  const at = rows.findIndex((row) => row.no === order.no);
  if (at < 0) return [order, ...rows];
  return rows.map((row, index) => (index === at ? order : row));
}

/**
 * The user stream while the options screen is open: an `optionOrder` event (a bet placed or settled) goes straight
 * into the recent and waiting lists, so a settled bet shows its result the moment its round settles; `onSettled`
 * gets each settlement (the result toast). A reconnect reloads everything.
 */
export function useOptionStream(onSettled: (order: OptionOrderRow) => void): void {
  const queryClient = useQueryClient();
  useUserEvents(
    {
      optionOrder: (order) => {
        // Folded, not set: the lists are read again at every round's end, and a read answered just before the
        // settlement committed would otherwise land after its event and put the bet back to WAIT.
        foldEvent<OptionOrderRow[]>(queryClient, optionKeys.top, (list) => upsertOrder(list, order));
        foldEvent<OptionOrderRow[]>(queryClient, optionKeys.waiting, (list) =>
          order.result === OptionResult.Wait
            ? upsertOrder(list, order)
            : (list ?? []).filter((row) => row.no !== order.no),
        );
        if (order.result !== OptionResult.Wait) {
          void queryClient.invalidateQueries({ queryKey: optionKeys.allHistory });
          onSettled(order);
        }
      },
      balance: () => void queryClient.invalidateQueries({ queryKey: accountKeys.balance }),
    },
    () => reloadOptions(queryClient),
  );
}

/** How often the round's opening price is asked for again while the server has no candle for the round yet. */
const ROUND_OPEN_RETRY_MS = 2_000;

/**
 * The index price the round opened at (#28 item 9): the open of the server's 1-minute index candle for the round's
 * minute, so a page opened mid-round shows it at once instead of "-" until the next round. Null until known.
 */
export function useRoundOpenPrice(roundStartMs: number): number | null {
  const candle = useQuery({
    queryKey: ['options', 'roundOpen', roundStartMs],
    queryFn: async () => (await fetchKlines(2)).find((row) => row.openTime === roundStartMs) ?? null,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data ? false : ROUND_OPEN_RETRY_MS),
  });
  return candle.data ? ticksOf(candle.data.open) : null;
}
