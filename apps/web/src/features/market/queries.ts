import { useQuery } from '@tanstack/react-query';
import { fetchCoinsWithSparkline, fetchKlines, fetchTickers } from '../../api/market.ts';
import type { CoinMarket, HomeTicker } from '@tickline/protocol';
import { useSocketOpen } from '../../api/useSocketOpen.ts';
import { newest, useLiveList } from './live.ts';

/** Seeds §9: home and markets prices refresh every 30 s; ours only while the socket is down (#18: live otherwise). */
export const MARKET_REFRESH_MS = 30_000;
/** The sparklines' hourly history is read again this often while the socket carries the prices. */
const SPARKLINE_REFRESH_MS = 10 * 60_000;

/** Seeds §7/§9: the eight symbols of the home Market Trend table, in this order. */
export const HOME_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'SHIBUSDT', 'BCHUSDT'];

interface MarketList<Row> {
  data: Row[] | undefined;
  isPending: boolean;
}

/** The home tickers: the socket's `tickers` stream, the REST poll while the socket is down. */
export function useTickers(): MarketList<HomeTicker> {
  const live = useLiveList('tickers');
  const open = useSocketOpen();
  const polled = useQuery({
    queryKey: ['market', 'tickers'],
    queryFn: fetchTickers,
    refetchInterval: open ? false : MARKET_REFRESH_MS,
  });
  const tickers = newest(live, polled.data, polled.dataUpdatedAt);
  if (!tickers) return { data: undefined, isPending: polled.isPending };
  const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
  return { data: HOME_SYMBOLS.flatMap((symbol) => bySymbol.get(symbol) ?? []), isPending: false };
}

/**
 * The top 30 with their 7-day sparklines: prices from the socket's `coins` stream (the REST poll while it is down),
 * the hourly history from GET /market/coins?sparkline=true, its last point following the live price.
 */
export function useCoins(): MarketList<CoinMarket> {
  const live = useLiveList('coins');
  const open = useSocketOpen();
  const polled = useQuery({
    queryKey: ['market', 'coins', 'sparkline'],
    queryFn: fetchCoinsWithSparkline,
    refetchInterval: open ? SPARKLINE_REFRESH_MS : MARKET_REFRESH_MS,
  });
  const coins = newest(live, polled.data, polled.dataUpdatedAt);
  if (!coins) return { data: undefined, isPending: polled.isPending };
  const history = new Map((polled.data ?? []).map((coin) => [coin.id, coin.sparkline_in_7d?.price ?? []]));
  return {
    data: coins.map((coin) => {
      const prices = history.get(coin.id) ?? [];
      return {
        ...coin,
        sparkline_in_7d: { price: prices.length > 0 ? [...prices.slice(0, -1), coin.current_price] : [] },
      };
    }),
    isPending: false,
  };
}

/** The hero chart's history: the last hours of our BTCUSDT 1-minute candles. */
export function useRecentKlines(minutes: number) {
  return useQuery({
    queryKey: ['market', 'klines', minutes],
    queryFn: () => fetchKlines(minutes),
    refetchInterval: 5 * 60_000,
  });
}

/** BTCUSDT → { base: 'BTC', quote: 'USDT' }. */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  return symbol.endsWith('USDT') ? { base: symbol.slice(0, -4), quote: 'USDT' } : { base: symbol, quote: '' };
}
