import type { KlineRow } from '@tickline/protocol';
import { apiData } from './client.ts';
import type { MarketCoin, MarketTicker } from './types.ts';

// Our own market endpoints (PRODUCT.md §2): the browser never calls third parties.
export const fetchTickers = () => apiData<MarketTicker[]>('GET', '/market/tickers', { auth: false });
/** The coins with seven days of hourly prices each (`sparkline_in_7d`), as CoinGecko answers `sparkline=true`. */
export const fetchCoinsWithSparkline = () =>
  apiData<MarketCoin[]>('GET', '/market/coins?sparkline=true', { auth: false });
/** BTCUSDT 1-minute candles of our market, oldest first. */
/** Our BTCUSDT candles, oldest first: 1-minute by default, or of a longer interval (5m, 15m, 1h, 4h). */
export const fetchKlines = (limit = 1500, interval = '1m') =>
  apiData<KlineRow[]>('GET', `/market/klines?symbol=BTCUSDT&interval=${interval}&limit=${limit}`, { auth: false });
