/**
 * Public market data in Binance's USDⓈ-M shapes, read from the same market service the native /market routes read
 * (book, candles, prices, funding) and the committed trades table; the symbol's filters are our engine's rules.
 * Every route answers the market it names (#34: a market the engine does not run is -1121); the ticker routes answer
 * every market's without a symbol, Binance's way.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors } from '@tickline/protocol';
import { PRICE_SCALE, QTY_SCALE, toDecimalString } from '@tickline/money';
import { AppError } from '../domain/errors.ts';
import { isKlineInterval } from '../services/market/interval-klines.ts';
import type { MarketReads } from '../services/market/reads.ts';
import { BinanceError } from './errors.ts';
import { depthUpdateIdOf } from './streams.ts';
import { route, type FapiRoute } from './route.ts';
import { exchangeInfo } from './exchange-info.ts';
import { marketNamed, marketsOf } from './symbols.ts';
import { aggTradeView, decimalOf, price, publicTradeView, qty, SYMBOL } from './views.ts';
import { tradesPage } from '@tickline/db';
import { DEFAULT_FUNDING_RATES, fundingRateHistory } from '../app/trading/funding-rates.ts';

const DAY_MS = 86_400_000;
const FUNDING_RATE_DECIMALS = 8;

const symbolParam = z.string().optional();
const limitParam = (max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= max)
    .optional();
const timeParam = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number)
  .optional();
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

function marketOf(app: FastifyInstance): MarketReads {
  const market = app.context.services.market;
  if (!market) throw new AppError(Errors.MARKET_DATA_UNAVAILABLE);
  return market;
}

/** The named market's symbol as the engine spells it; -1121 when the engine does not run it. */
const symbolNamed = async (app: FastifyInstance, symbol: string): Promise<string> =>
  (await marketNamed(app, symbol)).symbol;

async function summaryOf(app: FastifyInstance, symbol: string) {
  const futures = await marketOf(app).futures(symbol);
  if (!futures) throw new AppError(Errors.MARKET_DATA_UNAVAILABLE);
  return futures;
}

async function depth(app: FastifyInstance, symbol: string, levels: number) {
  const book = await marketOf(app).depth(symbol, levels);
  const now = app.context.clock.now();
  return {
    // The diff depth stream's last id where it runs (streams.ts), so a client can join snapshot and diffs.
    lastUpdateId: depthUpdateIdOf(app.context, symbol) ?? now,
    E: now,
    T: now,
    bids: book.bids.slice(0, levels).map((level) => [price(level.price), qty(level.qty)]),
    asks: book.asks.slice(0, levels).map((level) => [price(level.price), qty(level.qty)]),
  };
}

const DEPTH_LIMITS = new Set([5, 10, 20, 50, 100, 500, 1000]);

/** A public route answering one object for the symbol, or a list of every market's without `symbol` (Binance's way). */
function perSymbol(
  path: string,
  weight: number,
  build: (app: FastifyInstance, symbol: string) => Promise<object>,
): FapiRoute {
  return route({
    security: 'none',
    permission: 'read',
    method: 'GET',
    path,
    weight,
    schema: loose({ symbol: symbolParam }),
    handler: async ({ app, params }) => {
      if (params.symbol !== undefined) return build(app, await symbolNamed(app, params.symbol));
      return Promise.all((await marketsOf(app)).map((market) => build(app, market.symbol)));
    },
  });
}

export function marketRoutes(): FapiRoute[] {
  const publicRoute = { security: 'none', permission: 'read', method: 'GET' } as const;
  return [
    route({ ...publicRoute, path: '/fapi/v1/ping', weight: 1, schema: loose({}), handler: async () => ({}) }),
    route({
      ...publicRoute,
      path: '/fapi/v1/time',
      weight: 1,
      schema: loose({}),
      handler: async ({ app }) => ({ serverTime: app.context.clock.now() }),
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/exchangeInfo',
      weight: 1,
      schema: loose({}),
      handler: async ({ app }) => exchangeInfo(app),
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/depth',
      weight: 5,
      schema: loose({ symbol: z.string(), limit: limitParam(1000) }),
      handler: async ({ app, params }) => {
        const symbol = await symbolNamed(app, params.symbol);
        const limit = params.limit ?? 500;
        if (!DEPTH_LIMITS.has(limit)) throw new BinanceError(-4021, 'Invalid depth limit.');
        return depth(app, symbol, limit);
      },
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/trades',
      weight: 5,
      schema: loose({ symbol: z.string(), limit: limitParam(1000) }),
      handler: async ({ app, params }) => {
        const symbol = await symbolNamed(app, params.symbol);
        return (await tradesPage(app.context.pool, params.limit ?? 500, undefined, symbol)).map(publicTradeView);
      },
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/aggTrades',
      weight: 20,
      schema: loose({ symbol: z.string(), limit: limitParam(1000), fromId: timeParam }),
      handler: async ({ app, params }) => {
        const symbol = await symbolNamed(app, params.symbol);
        return (await tradesPage(app.context.pool, params.limit ?? 500, params.fromId, symbol)).map(aggTradeView);
      },
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/klines',
      weight: 5,
      schema: loose({
        symbol: z.string(),
        interval: z.string(),
        limit: limitParam(1500),
        startTime: timeParam,
        endTime: timeParam,
      }),
      handler: async ({ app, params }) => {
        const symbol = await symbolNamed(app, params.symbol);
        if (!isKlineInterval(params.interval)) throw new AppError(Errors.MARKET_UNSUPPORTED_INTERVAL);
        const market = marketOf(app);
        const limit = params.limit ?? 500;
        const candles =
          params.interval === '1m'
            ? await market.klines(symbol, 1500)
            : await market.intervalKlines(symbol, params.interval, 1500);
        const start = params.startTime ?? 0;
        const end = params.endTime ?? Number.MAX_SAFE_INTEGER;
        const inRange = candles.filter((candle) => candle.openTime >= start && candle.openTime <= end);
        const chosen = params.startTime !== undefined ? inRange.slice(0, limit) : inRange.slice(-limit);
        return chosen.map((candle) => [
          candle.openTime,
          decimalOf(candle.open, PRICE_SCALE),
          decimalOf(candle.high, PRICE_SCALE),
          decimalOf(candle.low, PRICE_SCALE),
          decimalOf(candle.close, PRICE_SCALE),
          decimalOf(candle.volume, QTY_SCALE),
          candle.closeTime,
        ]);
      },
    }),
    perSymbol('/fapi/v1/ticker/24hr', 1, async (app, symbol) => {
      const summary = await summaryOf(app, symbol);
      return {
        symbol,
        priceChangePercent: decimalOf(summary.priceChangePercent, 2),
        lastPrice: decimalOf(summary.lastPrice, PRICE_SCALE),
        highPrice: decimalOf(summary.highPrice, PRICE_SCALE),
        lowPrice: decimalOf(summary.lowPrice, PRICE_SCALE),
        volume: decimalOf(summary.volume, QTY_SCALE),
        openTime: summary.time - DAY_MS,
        closeTime: summary.time,
      };
    }),
    ...['/fapi/v1/ticker/price', '/fapi/v2/ticker/price'].map((path) =>
      perSymbol(path, 1, async (app, symbol) => {
        const summary = await summaryOf(app, symbol);
        return { symbol, price: decimalOf(summary.lastPrice, PRICE_SCALE), time: summary.time };
      }),
    ),
    perSymbol('/fapi/v1/ticker/bookTicker', 2, async (app, symbol) => {
      const book = await depth(app, symbol, 1);
      return {
        symbol,
        bidPrice: book.bids[0]?.[0] ?? '0',
        bidQty: book.bids[0]?.[1] ?? '0',
        askPrice: book.asks[0]?.[0] ?? '0',
        askQty: book.asks[0]?.[1] ?? '0',
        time: book.T,
        lastUpdateId: book.lastUpdateId,
      };
    }),
    perSymbol('/fapi/v1/premiumIndex', 1, async (app, symbol) => {
      const summary = await summaryOf(app, symbol);
      return {
        symbol,
        markPrice: decimalOf(summary.markPrice, PRICE_SCALE),
        indexPrice: decimalOf(summary.indexPrice, PRICE_SCALE),
        estimatedSettlePrice: decimalOf(summary.indexPrice, PRICE_SCALE),
        lastFundingRate: decimalOf(summary.fundingRate, FUNDING_RATE_DECIMALS),
        interestRate: '0',
        nextFundingTime: summary.fundingTime,
        time: summary.time,
      };
    }),
    route({
      ...publicRoute,
      path: '/fapi/v1/fundingRate',
      weight: 1,
      schema: loose({ symbol: symbolParam, limit: limitParam(1000), startTime: timeParam, endTime: timeParam }),
      handler: async ({ app, params }) => {
        // Without a symbol: BTCUSDT's, as before the markets (docs/binance-compatibility.md).
        const symbol = await symbolNamed(app, params.symbol ?? SYMBOL);
        const rows = await fundingRateHistory(app.context.pool, {
          symbol,
          startMs: params.startTime ?? null,
          endMs: params.endTime ?? null,
          limit: params.limit ?? DEFAULT_FUNDING_RATES,
        });
        return rows.map((row) => ({
          symbol: row.symbol,
          fundingTime: row.timeMs,
          // Parts per million are 1e-6: × 100 is the same value at Binance's eight decimals, exactly.
          fundingRate: toDecimalString(row.ratePpm * 100, FUNDING_RATE_DECIMALS),
          markPrice: price(row.markPrice),
        }));
      },
    }),
  ];
}
