/**
 * Market data endpoints (ours: the seeds called third parties from the browser). Every answer comes from the
 * market service's memory, refreshed in the background, so a slow or dead source never holds up a request.
 *   GET /market/tickers   the eight home symbols: symbol, lastPrice, priceChangePercent
 *   GET /market/coins     top 30 by market cap, CoinGecko's field names; ?sparkline=true adds sparkline_in_7d
 *   GET /market/futures   ?symbol (default BTCUSDT): last, change, mark, index, funding rate and time, 24 h
 *                         high/low/volume of one perpetual market
 *   GET /market/contracts every perpetual market's same figures, BTCUSDT first (the market selector)
 *   GET /market/depth     ?symbol=BTCUSDT&limit=N (1–100, default 20): {symbol, ts, a, b} as the websocket sends
 *   GET /market/klines    ?symbol=BTCUSDT&interval=1m|5m|15m|1h|4h&limit=N (1–1500, default 500): candles, oldest
 *                         first, the current one last (longer intervals made of the stored minutes, #28 item 7)
 *   GET /market/fundingRate ?symbol&startTime&endTime&limit (1–1000, default 100): settled funding rates, oldest
 *                         first (the committed settlements, not the market service)
 *   GET /market/leverageBrackets  ?symbol (default BTCUSDT): the market's leverage brackets, from the engine's
 *                         configuration (not the market service: answered with or without it)
 */
import type { FastifyInstance } from 'fastify';
import { Errors, type DepthData, type ErrorDefinition } from '@tickline/protocol';
import type { marketRoutes } from '@tickline/protocol/routes';
import { FUTURES_SYMBOL } from '../services/market/catalogue.ts';
import { isKlineInterval } from '../services/market/interval-klines.ts';
import type { MarketReads } from '../services/market/reads.ts';
import { lotsToNumber, scaledToNumber, ticksToNumber } from '../domain/market/units.ts';
import { AppError } from '../domain/errors.ts';
import { leverageBracketRules } from '../app/rules/client-rules.ts';
import {
  DEFAULT_FUNDING_RATES,
  epochMsOf,
  fundingRateHistory,
  MAX_FUNDING_RATES,
} from '../app/trading/funding-rates.ts';
import { FUNDING_RATE_PPM_SCALE } from '../domain/market/units.ts';
import type { RouteHandlers } from './routes/register.ts';

const MAX_DEPTH_LEVELS = 100;
const DEFAULT_DEPTH_LEVELS = 20;
const MAX_KLINES = 1500;
const DEFAULT_KLINES = 500;

export function marketHandlers(app: FastifyInstance): RouteHandlers<typeof marketRoutes> {
  const market = (): MarketReads => {
    const service = app.context.services.market;
    if (!service) throw new AppError(Errors.MARKET_DATA_UNAVAILABLE);
    return service;
  };
  return {
    tickers: async () => market().tickers(),
    // As CoinGecko: `sparkline=true` adds seven days of hourly prices per coin (the markets page asks once).
    coins: async ({ query }) => (query.sparkline === 'true' ? market().coinsWithSparkline() : market().coins()),
    futuresMarket: async ({ query }) => {
      const service = market();
      const futures = await service.futures(symbolOf(query, service));
      if (!futures) throw new AppError(Errors.MARKET_DATA_UNAVAILABLE);
      return futures;
    },
    contracts: async () => market().contracts(),
    depth: async ({ query }) => {
      const service = market();
      const symbol = symbolOf(query, service);
      const limit = limitOf(query.limit, DEFAULT_DEPTH_LEVELS, MAX_DEPTH_LEVELS);
      const book = await service.depth(symbol, limit);
      const data: DepthData = {
        a: book.asks.slice(0, limit).map((level) => [ticksToNumber(level.price), lotsToNumber(level.qty)]),
        b: book.bids.slice(0, limit).map((level) => [ticksToNumber(level.price), lotsToNumber(level.qty)]),
      };
      return { symbol, ts: app.context.clock.now(), ...data };
    },
    klines: async ({ query }) => {
      const service = market();
      const symbol = symbolOf(query, service);
      const interval = query.interval ?? '1m';
      if (!isKlineInterval(interval)) throw new AppError(Errors.MARKET_UNSUPPORTED_INTERVAL);
      const limit = limitOf(query.limit, DEFAULT_KLINES, MAX_KLINES);
      return interval === '1m' ? service.klines(symbol, limit) : service.intervalKlines(symbol, interval, limit);
    },
    fundingRates: async ({ query }) => {
      const symbol = symbolOf(query, market());
      const rows = await fundingRateHistory(app.context.pool, {
        symbol,
        startMs: epochMsOf(query.startTime),
        endMs: epochMsOf(query.endTime),
        limit: limitOf(query.limit, DEFAULT_FUNDING_RATES, MAX_FUNDING_RATES),
      });
      return rows.map((row) => ({
        symbol: row.symbol,
        fundingTime: row.timeMs,
        fundingRate: scaledToNumber(row.ratePpm, FUNDING_RATE_PPM_SCALE),
        markPrice: ticksToNumber(row.markPrice),
      }));
    },
    leverageBrackets: async ({ query }) => {
      const markets = app.context.config.exchange.markets;
      const symbol = symbolOf(query, { isSymbol: (name) => markets.some((config) => config.symbol === name) });
      return { symbol, brackets: leverageBracketRules(markets.find((config) => config.symbol === symbol)!) };
    },
  };
}

function symbolOf(query: { symbol?: unknown }, market: Pick<MarketReads, 'isSymbol'>): string {
  const symbol =
    typeof query.symbol === 'string' ? query.symbol.toUpperCase() : query.symbol === undefined ? FUTURES_SYMBOL : '';
  if (!market.isSymbol(symbol)) throw new AppError(Errors.MARKET_UNKNOWN_SYMBOL);
  return symbol;
}

function limitOf(text: unknown, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const limit = typeof text === 'string' && /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= max)) throw invalidLimit(Errors.MARKET_INVALID_LIMIT, max);
  return limit;
}

function invalidLimit(error: ErrorDefinition, max: number): AppError {
  return new AppError(error, { message: `limit must be a whole number from 1 to ${max}.` });
}
