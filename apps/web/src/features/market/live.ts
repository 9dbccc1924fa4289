import { useEffect } from 'react';
import { MARKET_LIST_SYMBOL, type MarketListStreamType } from '@tickline/protocol';
import type { CoinMarket, HomeTicker } from '@tickline/protocol';
import { wsClient } from '../../api/ws.ts';
import { FrameStore, useFrameValue } from '../../lib/frameStore.ts';

/** A list as last received from the socket, with when (to compare with the REST fallback's answer). */
export interface Received<T> {
  data: T;
  atMs: number;
}

interface Lists {
  tickers: Received<HomeTicker[]> | null;
  coins: Received<CoinMarket[]> | null;
}

/** The market-wide lists of the socket (#18), applied outside React and rendered at most once a frame. */
const lists = new FrameStore<Lists>({ tickers: null, coins: null });

/** Follows a market-wide list of the socket while mounted (`tickers` or `coins`, symbol ALL). */
export function useLiveList<K extends MarketListStreamType>(kind: K): Lists[K] {
  useEffect(
    () =>
      wsClient().subscribe(MARKET_LIST_SYMBOL, kind, (message) =>
        lists.set(kind, { data: (message as { data: unknown }).data, atMs: Date.now() } as Lists[K]),
      ),
    [kind],
  );
  return useFrameValue(lists, kind);
}

/** The newer of the socket's list and the REST answer (received at `polledAtMs`). */
export function newest<T>(live: Received<T> | null, polled: T | undefined, polledAtMs: number): T | undefined {
  if (live && (polled === undefined || live.atMs >= polledAtMs)) return live.data;
  return polled;
}
