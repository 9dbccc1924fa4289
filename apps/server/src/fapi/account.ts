/**
 * Account, balance, positions and settings in Binance's shapes, from the same use cases as /user/balance,
 * /postion/lookup, /user/updateLeverage and /order/cancelAllAfter. Our account is USDT, isolated, one-way: the
 * futures wallet is the only asset, one BTCUSDT position at most, and the settings we do not have are refused with
 * Binance's own codes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { maintenanceRate, pnl, type MarketSymbol, type Side } from '@tickline/engine';
import { PRICE_SCALE, QTY_SCALE, USDT_SCALE, multiplyDivide } from '@tickline/money';
import { setCancelAllAfter } from '../app/trading/cancel-all-after.ts';
import { BinanceError } from './errors.ts';
import { listenKeysOf } from './listen-keys.ts';
import { route, type FapiRoute } from './route.ts';
import { price, qty, SYMBOL, usdt } from './views.ts';
import { marketNamed, symbolFilterOf } from './symbols.ts';
import { leverageBracketRoute } from './brackets.ts';

const PPM = 1_000_000;
const int = (value: number, scale: number) => Math.round(value * 10 ** scale);
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const wholeNumber = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number);

type PositionRow = Awaited<ReturnType<FastifyInstance['context']['services']['trading']['positions']>>[number];

/**
 * One market's position figures as integers, valued at its market's mark price from the market service (at the entry
 * price while the market has no mark yet); `position` null when none is held.
 */
function positionFigures(
  app: FastifyInstance,
  symbol: MarketSymbol,
  row: PositionRow | undefined,
  leverage: number,
  marks: ReadonlyMap<string, number>,
) {
  const position = row && {
    side: row.position as Side,
    qty: int(row.volume, QTY_SCALE),
    entryPrice: int(row.averagePrice, PRICE_SCALE),
    liquidationPrice: int(row.liquidationPrice, PRICE_SCALE),
    margin: int(row.margin, USDT_SCALE),
    leverage: row.leverage,
  };
  const { exchange } = app.context.config;
  const tiers =
    exchange.markets.find((market) => market.symbol === symbol)?.maintenanceTiers ?? exchange.maintenanceTiers;
  const mark = marks.get(symbol) ?? position?.entryPrice ?? 0;
  const unrealized = position ? pnl(position.side, position.entryPrice, mark, position.qty) : 0;
  const notional = position ? mark * position.qty : 0;
  const tier = maintenanceRate(notional, tiers);
  const maintMargin = position ? Math.max(0, multiplyDivide(notional, tier.ratePpm, PPM, 'ceil') - tier.deduction) : 0;
  return { symbol, position, mark, unrealized, notional, maintMargin, leverage: position?.leverage ?? leverage };
}

/**
 * The caller's futures figures as integers, from the native use cases: the wallet and every position held (in
 * `symbol`'s market only when named); `named` is the named market's (or BTCUSDT's) even without a position.
 */
async function figuresOf(app: FastifyInstance, userId: number, symbol?: MarketSymbol) {
  const trading = app.context.services.trading;
  const bookSymbol = symbol ?? SYMBOL;
  const [balance, rows, leverage, contracts] = await Promise.all([
    trading.balanceOf(userId),
    trading.positions(userId, symbol),
    trading.leverageOf(userId, symbol),
    app.context.services.market?.contracts() ?? [],
  ]);
  const marks = new Map(contracts.map((market) => [market.symbol, int(market.markPrice, PRICE_SCALE)]));
  const positions = rows.map((row) => positionFigures(app, row.symbol, row, row.leverage, marks));
  const named =
    positions.find((figures) => figures.symbol === bookSymbol) ??
    positionFigures(app, bookSymbol, undefined, leverage, marks);
  const wallet = int(balance.usdtm, USDT_SCALE);
  const orderMargin =
    int(balance.longWaitingRequiredAmount, USDT_SCALE) + int(balance.shortWaitingRequiredAmount, USDT_SCALE);
  return {
    wallet,
    available: int(balance.balance, USDT_SCALE),
    positionMargin: int(balance.usingRequiredAmount, USDT_SCALE),
    orderMargin,
    unrealized: positions.reduce((sum, figures) => sum + figures.unrealized, 0),
    maintMargin: positions.reduce((sum, figures) => sum + figures.maintMargin, 0),
    positions,
    named,
  };
}

type Figures = Awaited<ReturnType<typeof figuresOf>>;
type PositionFigures = ReturnType<typeof positionFigures>;

function assetView(f: Figures, updateTime: number) {
  return {
    asset: 'USDT',
    walletBalance: usdt(f.wallet),
    unrealizedProfit: usdt(f.unrealized),
    marginBalance: usdt(f.wallet + f.unrealized),
    maintMargin: usdt(f.maintMargin),
    initialMargin: usdt(f.positionMargin + f.orderMargin),
    positionInitialMargin: usdt(f.positionMargin),
    openOrderInitialMargin: usdt(f.orderMargin),
    crossWalletBalance: usdt(f.wallet - f.positionMargin),
    crossUnPnl: '0',
    availableBalance: usdt(f.available),
    maxWithdrawAmount: usdt(f.available),
    marginAvailable: true,
    updateTime,
  };
}

/** positionRisk row (v2 fields and v3 fields together): signed amount, our liquidation price, isolated margin. */
function positionView(p: PositionFigures, orderMargin: number, updateTime: number) {
  const held = p.position;
  const signed = held ? (held.side === 1 ? held.qty : -held.qty) : 0;
  const isolatedWallet = held ? held.margin : 0;
  return {
    symbol: p.symbol,
    positionSide: 'BOTH',
    positionAmt: qty(signed),
    entryPrice: price(held ? held.entryPrice : 0),
    breakEvenPrice: price(held ? held.entryPrice : 0),
    markPrice: price(p.mark),
    unRealizedProfit: usdt(p.unrealized),
    liquidationPrice: price(held ? held.liquidationPrice : 0),
    leverage: String(p.leverage),
    maxNotionalValue: '0',
    marginType: 'isolated',
    isolatedMargin: usdt(isolatedWallet + p.unrealized),
    isolatedWallet: usdt(isolatedWallet),
    isAutoAddMargin: 'false',
    notional: usdt(held?.side === 2 ? -p.notional : p.notional),
    marginAsset: 'USDT',
    initialMargin: usdt(isolatedWallet),
    maintMargin: usdt(p.maintMargin),
    positionInitialMargin: usdt(isolatedWallet),
    openOrderInitialMargin: usdt(orderMargin),
    adl: 0,
    bidNotional: '0',
    askNotional: '0',
    updateTime,
  };
}

/** positionRisk: every position held; v2 answers the named market's (or BTCUSDT's) row even without one. */
function positionRows(f: Figures, now: number, version: 2 | 3) {
  const held = f.positions.map((p) => positionView(p, f.orderMargin, now));
  return held.length === 0 && version === 2 ? [positionView(f.named, f.orderMargin, now)] : held;
}

function accountView(f: Figures, now: number, version: 2 | 3) {
  const asset = assetView(f, now);
  return {
    ...(version === 2 ? { feeTier: 0, canTrade: true, canDeposit: true, canWithdraw: true, updateTime: 0 } : {}),
    multiAssetsMargin: false,
    totalInitialMargin: asset.initialMargin,
    totalMaintMargin: asset.maintMargin,
    totalWalletBalance: asset.walletBalance,
    totalUnrealizedProfit: asset.unrealizedProfit,
    totalMarginBalance: asset.marginBalance,
    totalPositionInitialMargin: asset.positionInitialMargin,
    totalOpenOrderInitialMargin: asset.openOrderInitialMargin,
    totalCrossWalletBalance: asset.crossWalletBalance,
    totalCrossUnPnl: '0',
    availableBalance: asset.availableBalance,
    maxWithdrawAmount: asset.maxWithdrawAmount,
    assets: [asset],
    positions: f.positions.map((p) => positionView(p, f.orderMargin, now)),
  };
}

const symbolOnly = loose({ symbol: z.string().optional() });

export function accountRoutes(): FapiRoute[] {
  const read = { security: 'signed', permission: 'read', method: 'GET' } as const;
  const trade = { security: 'signed', permission: 'trade', method: 'POST' } as const;
  const figures = (call: { app: FastifyInstance; user: { id: number } | null }) => figuresOf(call.app, call.user!.id);
  return [
    ...([2, 3] as const).flatMap((version) => [
      route({
        ...read,
        path: `/fapi/v${version}/account`,
        weight: 5,
        schema: loose({}),
        handler: async (call) => accountView(await figures(call), call.app.context.clock.now(), version),
      }),
      route({
        ...read,
        path: `/fapi/v${version}/balance`,
        weight: 5,
        schema: loose({}),
        handler: async (call) => {
          const asset = assetView(await figures(call), call.app.context.clock.now());
          return [{ accountAlias: 'tickline', ...asset, balance: asset.walletBalance }];
        },
      }),
      route({
        ...read,
        path: `/fapi/v${version}/positionRisk`,
        weight: 5,
        schema: symbolOnly,
        handler: async (call) => {
          const symbol = await symbolFilterOf(call.app, call.params.symbol);
          return positionRows(await figuresOf(call.app, call.user!.id, symbol), call.app.context.clock.now(), version);
        },
      }),
    ]),
    leverageBracketRoute(),
    route({
      ...trade,
      path: '/fapi/v1/leverage',
      weight: 1,
      schema: loose({ symbol: z.string(), leverage: wholeNumber }),
      handler: async ({ app, user, params }) => {
        const { symbol } = await marketNamed(app, params.symbol);
        await app.context.services.trading.setLeverage(user!.id, params.leverage, symbol);
        return { leverage: params.leverage, maxNotionalValue: '0', symbol };
      },
    }),
    route({
      ...trade,
      path: '/fapi/v1/marginType',
      weight: 1,
      schema: loose({ symbol: z.string(), marginType: z.enum(['ISOLATED', 'CROSSED', 'isolated', 'crossed']) }),
      handler: async ({ app, params }) => {
        await marketNamed(app, params.symbol);
        if (params.marginType.toUpperCase() === 'ISOLATED')
          throw new BinanceError(-4046, 'No need to change margin type.');
        throw new BinanceError(-1020, 'This operation is not supported: positions are isolated, never cross.');
      },
    }),
    route({
      ...read,
      path: '/fapi/v1/positionSide/dual',
      weight: 30,
      schema: loose({}),
      handler: async () => ({ dualSidePosition: false }),
    }),
    route({
      ...trade,
      path: '/fapi/v1/positionSide/dual',
      weight: 1,
      schema: loose({ dualSidePosition: z.enum(['true', 'false']) }),
      handler: async ({ params }) => {
        if (params.dualSidePosition === 'false') throw new BinanceError(-4059, 'No need to change position side.');
        throw new BinanceError(-1020, 'This operation is not supported: positions are one-way, never hedged.');
      },
    }),
    ...(['POST', 'PUT', 'DELETE'] as const).map((method) =>
      route({
        security: 'key',
        permission: 'read',
        method,
        path: '/fapi/v1/listenKey',
        weight: 1,
        schema: loose({ listenKey: z.string().optional() }),
        handler: async ({ app, keyUserId, params }) => {
          const keys = listenKeysOf(app.context);
          if (method === 'POST') return { listenKey: await keys.open(keyUserId!) };
          if (method === 'PUT') return { listenKey: await keys.keepAlive(keyUserId!, params.listenKey) };
          await keys.close(keyUserId!, params.listenKey);
          return {};
        },
      }),
    ),
    route({
      ...trade,
      path: '/fapi/v1/countdownCancelAll',
      weight: 10,
      schema: loose({ symbol: z.string(), countdownTime: wholeNumber }),
      handler: async ({ app, user, params }) => {
        const { symbol } = await marketNamed(app, params.symbol);
        await setCancelAllAfter(app.context.pool, app.context.clock, user!.id, params.countdownTime);
        return { symbol, countdownTime: String(params.countdownTime) };
      },
    }),
  ];
}
