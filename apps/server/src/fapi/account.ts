/**
 * Account, balance, positions and settings in Binance's shapes, from the same use cases as /user/balance,
 * /postion/lookup, /user/updateLeverage and /order/cancelAllAfter. Our account is USDT, isolated, one-way: the
 * futures wallet is the only asset, one BTCUSDT position at most, and the settings we do not have are refused with
 * Binance's own codes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { maintenanceRate, pnl, type Side } from '@tickline/engine';
import { PRICE_SCALE, QTY_SCALE, USDT_SCALE, multiplyDivide } from '@tickline/money';
import { setCancelAllAfter } from '../app/trading/cancel-all-after.ts';
import { BinanceError } from './errors.ts';
import { listenKeysOf } from './user-stream.ts';
import { route, type FapiRoute } from './route.ts';
import { price, qty, SYMBOL, usdt } from './views.ts';

const PPM = 1_000_000;
const int = (value: number, scale: number) => Math.round(value * 10 ** scale);
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const wholeNumber = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number);

/** The caller's futures figures as integers, from the native use cases, valued at the mark price. */
async function figuresOf(app: FastifyInstance, userId: number) {
  const trading = app.context.services.trading;
  const [balance, positions, leverage, futures] = await Promise.all([
    trading.balanceOf(userId),
    trading.positions(userId),
    trading.leverageOf(userId),
    app.context.services.market?.futures() ?? null,
  ]);
  const row = positions[0];
  const markPrice = futures ? int(futures.markPrice, PRICE_SCALE) : null;
  const position = row && {
    side: row.position as Side,
    qty: int(row.volume, QTY_SCALE),
    entryPrice: int(row.averagePrice, PRICE_SCALE),
    liquidationPrice: int(row.liquidationPrice, PRICE_SCALE),
    margin: int(row.margin, USDT_SCALE),
    leverage: row.leverage,
  };
  const mark = markPrice ?? position?.entryPrice ?? 0;
  const unrealized = position ? pnl(position.side, position.entryPrice, mark, position.qty) : 0;
  const notional = position ? mark * position.qty : 0;
  const tier = maintenanceRate(notional, app.context.config.exchange.maintenanceTiers);
  const maintMargin = position ? Math.max(0, multiplyDivide(notional, tier.ratePpm, PPM, 'ceil') - tier.deduction) : 0;
  const wallet = int(balance.usdtm, USDT_SCALE);
  const orderMargin =
    int(balance.longWaitingRequiredAmount, USDT_SCALE) + int(balance.shortWaitingRequiredAmount, USDT_SCALE);
  return {
    wallet,
    available: int(balance.balance, USDT_SCALE),
    positionMargin: int(balance.usingRequiredAmount, USDT_SCALE),
    orderMargin,
    unrealized,
    maintMargin,
    mark,
    notional,
    position,
    leverage,
  };
}

type Figures = Awaited<ReturnType<typeof figuresOf>>;

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
function positionView(f: Figures, updateTime: number) {
  const p = f.position;
  const signed = p ? (p.side === 1 ? p.qty : -p.qty) : 0;
  const isolatedWallet = p ? p.margin : 0;
  return {
    symbol: SYMBOL,
    positionSide: 'BOTH',
    positionAmt: qty(signed),
    entryPrice: price(p ? p.entryPrice : 0),
    breakEvenPrice: price(p ? p.entryPrice : 0),
    markPrice: price(f.mark),
    unRealizedProfit: usdt(f.unrealized),
    liquidationPrice: price(p ? p.liquidationPrice : 0),
    leverage: String(f.leverage),
    maxNotionalValue: '0',
    marginType: 'isolated',
    isolatedMargin: usdt(isolatedWallet + f.unrealized),
    isolatedWallet: usdt(isolatedWallet),
    isAutoAddMargin: 'false',
    notional: usdt(p?.side === 2 ? -f.notional : f.notional),
    marginAsset: 'USDT',
    initialMargin: usdt(isolatedWallet),
    maintMargin: usdt(f.maintMargin),
    positionInitialMargin: usdt(isolatedWallet),
    openOrderInitialMargin: usdt(f.orderMargin),
    adl: 0,
    bidNotional: '0',
    askNotional: '0',
    updateTime,
  };
}

function accountView(f: Figures, now: number, version: 2 | 3) {
  const asset = assetView(f, now);
  const position = positionView(f, now);
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
    positions: f.position ? [position] : [],
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
          const f = await figures(call);
          return f.position || version === 2 ? [positionView(f, call.app.context.clock.now())] : [];
        },
      }),
    ]),
    route({
      ...read,
      path: '/fapi/v1/leverageBracket',
      weight: 1,
      schema: symbolOnly,
      handler: async ({ app }) => {
        const { exchange } = app.context.config;
        let floor = 0;
        const brackets = exchange.maintenanceTiers.map((tier, index) => {
          const cap = Number.isFinite(tier.maxNotional)
            ? tier.maxNotional
            : exchange.maxOrderQty * exchange.maxPriceTicks;
          const rate = maintenanceRate(tier.maxNotional, exchange.maintenanceTiers);
          const bracket = {
            bracket: index + 1,
            initialLeverage: tier.maxLeverage,
            notionalCap: Number(usdt(cap)),
            notionalFloor: Number(usdt(floor)),
            maintMarginRatio: tier.ratePpm / PPM,
            cum: Number(usdt(rate.deduction)),
          };
          floor = cap;
          return bracket;
        });
        return [{ symbol: SYMBOL, brackets }];
      },
    }),
    route({
      ...trade,
      path: '/fapi/v1/leverage',
      weight: 1,
      schema: loose({ symbol: z.string(), leverage: wholeNumber }),
      handler: async ({ app, user, params }) => {
        await app.context.services.trading.setLeverage(user!.id, params.leverage);
        return { leverage: params.leverage, maxNotionalValue: '0', symbol: SYMBOL };
      },
    }),
    route({
      ...trade,
      path: '/fapi/v1/marginType',
      weight: 1,
      schema: loose({ symbol: z.string(), marginType: z.enum(['ISOLATED', 'CROSSED', 'isolated', 'crossed']) }),
      handler: async ({ params }) => {
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
          if (method === 'POST') return { listenKey: keys.open(keyUserId!) };
          if (method === 'PUT') return { listenKey: keys.keepAlive(keyUserId!, params.listenKey) };
          keys.close(keyUserId!, params.listenKey);
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
        await setCancelAllAfter(app.context.pool, app.context.clock, user!.id, params.countdownTime);
        return { symbol: SYMBOL, countdownTime: String(params.countdownTime) };
      },
    }),
  ];
}
