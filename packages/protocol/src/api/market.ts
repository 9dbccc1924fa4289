// Answers of the market-wide endpoints (/api/v1/market/tickers and /market/coins), also what the websocket's list
// streams carry (`tickers`, `coins`). Numbers are formatted from integers on the server (world prices up to 8
// decimals, percentages 2).

import { z } from 'zod';

/** GET /market/tickers: the eight home symbols, Binance's 24 h ticker field names as the seeds read them. */
export const homeTickerSchema = z.object({
  symbol: z.string(),
  lastPrice: z.number(),
  priceChangePercent: z.number(),
  /** Ours: the coin's logo (an address on our server, or an inline letter badge when we ship none). */
  image: z.string(),
});

/** GET /market/coins: CoinGecko's `/coins/markets` field names, as the seeds read them. */
export const coinMarketSchema = z.object({
  id: z.string(),
  image: z.string(),
  name: z.string(),
  symbol: z.string(),
  current_price: z.number(),
  price_change_percentage_24h: z.number(),
  /** 24 h traded value and market cap, whole USDT. */
  total_volume: z.number(),
  market_cap: z.number(),
  /** Only with `?sparkline=true` (as CoinGecko): hourly prices of the last 7 days, oldest first, the latest last. */
  sparkline_in_7d: z
    .object({
      price: z.array(z.number()),
    })
    .optional(),
});

export type HomeTicker = z.infer<typeof homeTickerSchema>;
export type CoinMarket = z.infer<typeof coinMarketSchema>;
