import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callData } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';
import { wsClient } from '../../../api/ws.ts';
import { useServerRules } from '../../rules/useServerRules.ts';
import { accountKeys, useUserInfo } from '../../account/queries.ts';
import { connectBoard, createTickerBoard, seedBoard, type TickerBoard } from './tickerBoard.ts';
import { DEFAULT_SYMBOL } from './symbols.ts';

export const marketKeys = {
  leverage: (symbol: string) => ['futures', 'leverage', symbol] as const,
};

/**
 * Every market's last price, change and mark for the selector and the positions table: GET /market/contracts once
 * for the first figures, then each market's ticker stream (never polled).
 */
export function useTickerBoard(): TickerBoard {
  const [board] = useState(() => createTickerBoard());
  const symbols =
    useServerRules()
      ?.markets.map((market) => market.symbol)
      .join(',') ?? '';
  useEffect(() => {
    let alive = true;
    callData('contracts', { auth: false }).then(
      (rows) => alive && seedBoard(board, rows),
      (error: unknown) => console.warn('market list failed', error), // the streams fill the board anyway
    );
    return () => {
      alive = false;
    };
  }, [board]);
  useEffect(() => (symbols ? connectBoard(wsClient(), symbols.split(','), board) : undefined), [board, symbols]);
  return board;
}

/**
 * The user's leverage in `symbol`: BTCUSDT's from GET /user/info as the seeds read it, another market's from
 * GET /user/leverage?symbol= (each market has its own).
 */
export function useMarketLeverage(symbol: string): number {
  const { accessToken } = useSession();
  const info = useUserInfo();
  const other = useQuery({
    queryKey: marketKeys.leverage(symbol),
    queryFn: () => callData('leverage', { query: { symbol } }),
    enabled: accessToken !== null && symbol !== DEFAULT_SYMBOL,
  });
  if (symbol === DEFAULT_SYMBOL) return info.data?.leverage ?? 1;
  return other.data?.leverage ?? 1;
}

/** After a leverage change in `symbol`: what shows it reloads. */
export function useLeverageReload(): (symbol: string) => Promise<void> {
  const queryClient = useQueryClient();
  return (symbol) =>
    symbol === DEFAULT_SYMBOL
      ? queryClient.invalidateQueries({ queryKey: accountKeys.info })
      : queryClient.invalidateQueries({ queryKey: marketKeys.leverage(symbol) });
}
