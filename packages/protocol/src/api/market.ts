// Answers of the market-wide endpoints (/api/v1/market/tickers and /market/coins), also what the websocket's list
// streams carry (`tickers`, `coins`). Numbers are formatted from integers on the server (world prices up to 8
// decimals, percentages 2).

/** GET /market/tickers: the eight home symbols, Binance's 24 h ticker field names as the seeds read them. */
export interface HomeTicker {
  symbol: string;
  lastPrice: number;
  priceChangePercent: number;
  /** Ours: the coin's logo (an address on our server, or an inline letter badge when we ship none). */
  image: string;
}

/** GET /market/coins: CoinGecko's `/coins/markets` field names, as the seeds read them. */
export interface CoinMarket {
  id: string;
  image: string;
  name: string;
  symbol: string;
  current_price: number;
  price_change_percentage_24h: number;
  /** 24 h traded value and market cap, whole USDT. */
  total_volume: number;
  market_cap: number;
  /** Only with `?sparkline=true` (as CoinGecko): hourly prices of the last 7 days, oldest first, the latest last. */
  sparkline_in_7d?: { price: number[] };
}
