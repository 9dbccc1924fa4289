// Our market data (PRODUCT.md §2: the browser never calls third parties), answered from the market service's
// memory. The query fields are checked by the handlers, which answer the market area's own errors.
import { z } from 'zod';
import { coinMarketSchema, homeTickerSchema } from '../api/market.ts';
import { leverageBracketsAnswerSchema } from '../api/rules.ts';
import { depthAnswerSchema, fundingRateRowSchema, futuresMarketAnswerSchema, klineRowSchema } from '../api/trading.ts';
import { defineRoutes } from './define.ts';
import { checkedLater } from './fields.ts';

const symbol = checkedLater('A market symbol (default BTCUSDT); unknown symbols answer MARKET_UNKNOWN_SYMBOL.');

export const marketRoutes = defineRoutes({
  tickers: {
    method: 'GET',
    path: '/market/tickers',
    auth: 'none',
    permission: 'read',
    summary: 'The eight home symbols: last price and 24 h change.',
    data: z.array(homeTickerSchema),
    errors: ['MARKET_DATA_UNAVAILABLE'],
  },
  coins: {
    method: 'GET',
    path: '/market/coins',
    auth: 'none',
    permission: 'read',
    summary: 'The top 30 coins by market cap; sparkline=true adds seven days of hourly prices.',
    query: z.object({ sparkline: checkedLater("'true' adds sparkline_in_7d.") }),
    data: z.array(coinMarketSchema),
    errors: ['MARKET_DATA_UNAVAILABLE'],
  },
  futuresMarket: {
    method: 'GET',
    path: '/market/futures',
    auth: 'none',
    permission: 'read',
    summary:
      "A perpetual market's header figures (BTCUSDT's without a symbol): last, change, mark, index, funding and 24 h range.",
    query: z.object({ symbol }),
    data: futuresMarketAnswerSchema,
    errors: ['MARKET_DATA_UNAVAILABLE', 'MARKET_UNKNOWN_SYMBOL'],
  },
  contracts: {
    method: 'GET',
    path: '/market/contracts',
    auth: 'none',
    permission: 'read',
    summary:
      "Every perpetual market's figures, BTCUSDT first: the market selector's list (last price, 24 h change...).",
    data: z.array(futuresMarketAnswerSchema),
    errors: ['MARKET_DATA_UNAVAILABLE'],
  },
  depth: {
    method: 'GET',
    path: '/market/depth',
    auth: 'none',
    permission: 'read',
    summary: 'The order book, as the websocket sends it.',
    query: z.object({ symbol, limit: checkedLater('Levels per side, 1–100 (default 20).') }),
    data: depthAnswerSchema,
    errors: ['MARKET_DATA_UNAVAILABLE', 'MARKET_UNKNOWN_SYMBOL', 'MARKET_INVALID_LIMIT'],
  },
  klines: {
    method: 'GET',
    path: '/market/klines',
    auth: 'none',
    permission: 'read',
    summary: 'Candles, oldest first, the current one last: 1-minute, or longer intervals made of the stored minutes.',
    query: z.object({
      symbol,
      interval: checkedLater("'1m' (default), '5m', '15m', '1h' or '4h'."),
      limit: checkedLater('Candles, 1–1500 (default 500).'),
    }),
    data: z.array(klineRowSchema),
    errors: ['MARKET_DATA_UNAVAILABLE', 'MARKET_UNKNOWN_SYMBOL', 'MARKET_UNSUPPORTED_INTERVAL', 'MARKET_INVALID_LIMIT'],
  },
  fundingRates: {
    method: 'GET',
    path: '/market/fundingRate',
    auth: 'none',
    permission: 'read',
    summary:
      "The market's settled funding rates, oldest first: from startTime when given, otherwise the newest up to endTime.",
    query: z.object({
      symbol,
      startTime: checkedLater('Epoch ms, inclusive.'),
      endTime: checkedLater('Epoch ms, inclusive; not before startTime.'),
      limit: checkedLater('Settlements, 1–1000 (default 100).'),
    }),
    data: z.array(fundingRateRowSchema),
    errors: ['MARKET_UNKNOWN_SYMBOL', 'MARKET_INVALID_LIMIT', 'MARKET_INVALID_TIME_RANGE'],
  },
  leverageBrackets: {
    method: 'GET',
    path: '/market/leverageBrackets',
    auth: 'none',
    permission: 'read',
    summary:
      "A market's leverage brackets (risk tiers; BTCUSDT's without a symbol), as Binance's leverageBracket: highest leverage and maintenance rate and amount by position notional.",
    query: z.object({ symbol }),
    data: leverageBracketsAnswerSchema,
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
});
