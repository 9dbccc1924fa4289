import { callData } from './client.ts';

// Our own market endpoints (PRODUCT.md §2): the browser never calls third parties.
export const fetchTickers = () => callData('tickers', { auth: false });
/** The coins with seven days of hourly prices each (`sparkline_in_7d`), as CoinGecko answers `sparkline=true`. */
export const fetchCoinsWithSparkline = () => callData('coins', { query: { sparkline: 'true' }, auth: false });
/** A market's candles (BTCUSDT's by default), oldest first: 1-minute, or of a longer interval (5m, 15m, 1h, 4h). */
export const fetchKlines = (limit = 1500, interval = '1m', symbol = 'BTCUSDT') =>
  callData('klines', { query: { symbol, interval, limit }, auth: false });
