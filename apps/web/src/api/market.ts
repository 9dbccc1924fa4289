import { apiData } from './client.ts';
import type { MarketCoin, MarketTicker } from './types.ts';

// Our own market endpoints (PRODUCT.md §2): the browser never calls third parties.
export const fetchTickers = () => apiData<MarketTicker[]>('GET', '/market/tickers', { auth: false });
export const fetchCoins = () => apiData<MarketCoin[]>('GET', '/market/coins', { auth: false });
