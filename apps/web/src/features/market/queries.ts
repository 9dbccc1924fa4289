import { useQuery } from '@tanstack/react-query';
import { fetchCoins, fetchTickers } from '../../api/market.ts';

/** Seeds §9: home and markets prices refresh every 30 s. */
export const MARKET_REFRESH_MS = 30_000;

/** Seeds §7/§9: the eight symbols of the home Market Trend table, in this order. */
export const HOME_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'SHIBUSDT', 'BCHUSDT'];

export function useTickers() {
  return useQuery({
    queryKey: ['market', 'tickers'],
    queryFn: fetchTickers,
    refetchInterval: MARKET_REFRESH_MS,
    select: (tickers) => {
      const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
      return HOME_SYMBOLS.flatMap((symbol) => bySymbol.get(symbol) ?? []);
    },
  });
}

export function useCoins() {
  return useQuery({ queryKey: ['market', 'coins'], queryFn: fetchCoins, refetchInterval: MARKET_REFRESH_MS });
}

/** BTCUSDT → { base: 'BTC', quote: 'USDT' }. */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  return symbol.endsWith('USDT') ? { base: symbol.slice(0, -4), quote: 'USDT' } : { base: symbol, quote: '' };
}
