import { callData } from './client.ts';

// Our own market endpoints (PRODUCT.md §2): the browser never calls third parties.
export const fetchTickers = () => callData('tickers', { auth: false });
/** The coins with seven days of hourly prices each (`sparkline_in_7d`), as CoinGecko answers `sparkline=true`. */
export const fetchCoinsWithSparkline = () => callData('coins', { query: { sparkline: 'true' }, auth: false });
/** BTCUSDT 1-minute candles of our market, oldest first. */
export const fetchKlines = (limit = 1500) =>
  callData('klines', { query: { symbol: 'BTCUSDT', interval: '1m', limit }, auth: false });
