/**
 * Order entry and order/trade reads in Binance's shapes, over the native use cases (placeOrder, cancelOrder,
 * cancelAllOrders): the engine sees exactly the commands the native routes send. Binance's order types, time in force
 * and flags become the native fields in ONE place, orderPathOf (what we do not have, e.g. closePosition, is refused
 * there too).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OrderPath, symbolOf, type OrderState } from '@tickline/engine';
import { clientOrderIdOf } from '../app/trading/client-order-ids.ts';
import type { PlaceOrderInput } from '../app/trading/place-order.ts';
import { AppError } from '../domain/errors.ts';
import { BinanceError } from './errors.ts';
import { route, SIGNED_READ, SIGNED_TRADE, type FapiRoute } from './route.ts';
import { orderView, userTradeView } from './views.ts';
import { marketNamed, rowsOfMarket, symbolFilterOf } from './symbols.ts';
import { findOrderOfUser, findOrderOfUserByClientId, ordersOfUser, tradesOfOrders, tradesOfUser } from '@tickline/db';

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
export const id = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number);
const limit = z
  .string()
  .regex(/^\d{1,4}$/)
  .transform(Number)
  .refine((value) => value >= 1 && value <= 1000)
  .optional();
const decimal = z.string().regex(/^\d+(\.\d+)?$/);

export const orderSchema = loose({
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  type: z.string(),
  quantity: decimal.optional(),
  price: decimal.optional(),
  timeInForce: z.string().optional(),
  reduceOnly: z.enum(['true', 'false']).optional(),
  closePosition: z.enum(['true', 'false']).optional(),
  stopPrice: decimal.optional(),
  workingType: z.string().optional(),
  callbackRate: z.string().optional(),
  activationPrice: decimal.optional(),
  priceProtect: z.enum(['true', 'false', 'TRUE', 'FALSE']).optional(),
  positionSide: z.string().optional(),
  newClientOrderId: z.string().optional(),
});
export type OrderParams = z.infer<typeof orderSchema>;

const orderRef = loose({ symbol: z.string(), orderId: id.optional(), origClientOrderId: z.string().optional() });

/** What `orderPathOf` gives the native `placeOrder` use case: the path and the #32 controls and trigger fields. */
export type NativeOrderFields = Pick<
  PlaceOrderInput,
  'timeInForce' | 'reduceOnly' | 'triggerType' | 'triggerBy' | 'triggerPrice' | 'callbackRate' | 'activationPrice'
> & { orderPath: typeof OrderPath.Limit | typeof OrderPath.Market };

/** Binance's trigger types → the native trigger type and the path it fires (docs/decisions.md, the mapping table). */
const TRIGGER_TYPES: Record<string, { triggerType: 'stop' | 'takeProfit' | 'trailingStop'; limit: boolean }> = {
  STOP: { triggerType: 'stop', limit: true },
  STOP_MARKET: { triggerType: 'stop', limit: false },
  TAKE_PROFIT: { triggerType: 'takeProfit', limit: true },
  TAKE_PROFIT_MARKET: { triggerType: 'takeProfit', limit: false },
  TRAILING_STOP_MARKET: { triggerType: 'trailingStop', limit: false },
};
const TIME_IN_FORCE = new Set(['GTC', 'IOC', 'FOK', 'GTX']);

/** Binance's callbackRate (percent, at most one decimal: 0.1 … 10) → basis points, exactly (× 100 on the text). */
function callbackRateBps(value: string | undefined): number {
  const match = value === undefined ? null : /^(\d{1,2})(?:\.(\d))?$/.exec(value);
  if (!match) throw new BinanceError(-1102, "Parameter 'callbackRate' was empty or malformed.");
  return Number(match[1]) * 100 + Number(match[2] ?? '0') * 10;
}

/**
 * Binance's type, time in force and flags → the native order's fields. THE mapping point (docs/decisions.md, trigger
 * orders): LIMIT with GTC/IOC/FOK/GTX, MARKET, reduceOnly, and the trigger types with `stopPrice`, `workingType`
 * (MARK_PRICE → mark, CONTRACT_PRICE → last, Binance's default), `callbackRate` (percent → bps) and
 * `activationPrice`. What the engine refuses comes back through BINANCE_CODES.
 */
export function orderPathOf(params: OrderParams): NativeOrderFields {
  if (params.positionSide !== undefined && params.positionSide !== 'BOTH')
    throw new BinanceError(-4061, "Order's position side does not match user's setting.");
  if (params.closePosition === 'true')
    throw new BinanceError(-1106, "Parameter 'closePosition' sent when not required.");
  const reduceOnly = params.reduceOnly === 'true' ? { reduceOnly: true } : {};
  const timeInForce = params.timeInForce;
  if (timeInForce !== undefined && !TIME_IN_FORCE.has(timeInForce))
    throw new BinanceError(-1115, 'Invalid timeInForce.');
  if (params.type === 'LIMIT')
    return { orderPath: OrderPath.Limit, ...reduceOnly, ...(timeInForce === undefined ? {} : { timeInForce }) };
  if (params.type === 'MARKET') return { orderPath: OrderPath.Market, ...reduceOnly };
  const trigger = TRIGGER_TYPES[params.type];
  if (!trigger) throw new BinanceError(-1116, 'Invalid orderType.');
  const workingType = params.workingType ?? 'CONTRACT_PRICE';
  if (workingType !== 'CONTRACT_PRICE' && workingType !== 'MARK_PRICE')
    throw new BinanceError(-1102, "Parameter 'workingType' was empty or malformed.");
  const fields: NativeOrderFields = {
    orderPath: trigger.limit ? OrderPath.Limit : OrderPath.Market,
    ...reduceOnly,
    ...(trigger.limit && timeInForce !== undefined ? { timeInForce } : {}),
    triggerType: trigger.triggerType,
    triggerBy: workingType === 'MARK_PRICE' ? 'mark' : 'last',
  };
  if (trigger.triggerType !== 'trailingStop') {
    if (params.stopPrice === undefined) throw new BinanceError(-1102, "Mandatory parameter 'stopPrice' was not sent.");
    return { ...fields, triggerPrice: params.stopPrice };
  }
  return {
    ...fields,
    callbackRate: callbackRateBps(params.callbackRate),
    ...(params.activationPrice === undefined ? {} : { activationPrice: params.activationPrice }),
  };
}

/** Our client order id alphabet, [A-Za-z0-9_-]{1,36} (Binance also allows . : /); Binance's code when outside it. */
function clientOrderIdFrom(value: string | undefined): string | undefined {
  try {
    return clientOrderIdOf(value);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new BinanceError(
      -1100,
      "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[A-Za-z0-9_-]{1,36}$'.",
    );
  }
}

export async function viewsOf(app: FastifyInstance, orders: OrderState[]) {
  const trades = await tradesOfOrders(
    app.context.pool,
    orders.filter((order) => order.filledQty > 0).map((order) => order.id),
  );
  return orders.map((order) => orderView(order, trades));
}

/**
 * One of the user's orders, in the named market when one is named (-1121 for a market we do not run; -2013 for an
 * order of another market).
 */
export async function findOrder(
  app: FastifyInstance,
  userId: number,
  params: { symbol?: string | undefined; orderId?: number | undefined; origClientOrderId?: string | undefined },
): Promise<OrderState> {
  if (params.orderId === undefined && params.origClientOrderId === undefined)
    throw new BinanceError(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!");
  const symbol = await symbolFilterOf(app, params.symbol);
  const order =
    params.orderId !== undefined
      ? await findOrderOfUser(app.context.pool, userId, params.orderId)
      : await findOrderOfUserByClientId(app.context.pool, userId, params.origClientOrderId!);
  if (!order || (symbol !== undefined && symbolOf(order) !== symbol))
    throw new BinanceError(-2013, 'Order does not exist.');
  return order;
}

/** Cancels one of the user's orders through the native use case; -2011 when it is no longer open. */
export async function cancelOpenOrder(app: FastifyInstance, userId: number, order: OrderState): Promise<OrderState> {
  if (order.status !== 'open') throw new BinanceError(-2011, 'Unknown order sent.');
  await app.context.services.trading.cancelOrder(userId, order.id, symbolOf(order));
  return (await findOrderOfUser(app.context.pool, userId, order.id))!;
}

export async function placeOrder(app: FastifyInstance, userId: number, params: OrderParams) {
  const { symbol } = await marketNamed(app, params.symbol);
  const native = orderPathOf(params);
  const orderPath = native.orderPath;
  if (params.quantity === undefined) throw new BinanceError(-1102, "Mandatory parameter 'quantity' was not sent.");
  if (orderPath === OrderPath.Limit && params.price === undefined)
    throw new BinanceError(-1102, "Mandatory parameter 'price' was not sent.");
  const clientOrderId = clientOrderIdFrom(params.newClientOrderId);
  const pool = app.context.pool;
  // Binance refuses a client order id used before; ours answers its first order again (a safe retry) on /api/v1.
  if (clientOrderId !== undefined && (await findOrderOfUserByClientId(pool, userId, clientOrderId)))
    throw new BinanceError(-4116, 'ClientOrderId is duplicated.');
  const trading = app.context.services.trading;
  const placed = await trading.placeOrder(userId, {
    ...native,
    symbol,
    leverage: await trading.leverageOf(userId, symbol),
    volume: params.quantity,
    position: params.side === 'BUY' ? 1 : 2,
    price: params.price,
    clientOrderId,
  });
  const [view] = await viewsOf(app, [(await findOrderOfUser(pool, userId, placed.no))!]);
  // The time in force is not stored (only GTC and GTX rest): the placement answer names the one sent.
  if (native.timeInForce === undefined) return view;
  // An IOC's unfilled rest dropped at once is Binance's EXPIRED, as a market order's.
  const expired = native.timeInForce === 'IOC' && view!.status === 'CANCELED';
  return { ...view!, timeInForce: String(native.timeInForce), ...(expired ? { status: 'EXPIRED' } : {}) };
}

export function orderRoutes(): FapiRoute[] {
  return [
    route({
      ...SIGNED_TRADE,
      method: 'POST',
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderSchema,
      handler: async ({ app, user, params }) => placeOrder(app, user!.id, params),
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderRef,
      handler: async ({ app, user, params }) => (await viewsOf(app, [await findOrder(app, user!.id, params)]))[0],
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/openOrder',
      weight: 1,
      schema: orderRef,
      handler: async ({ app, user, params }) => {
        const order = await findOrder(app, user!.id, params);
        if (order.status !== 'open') throw new BinanceError(-2013, 'Order does not exist.');
        return (await viewsOf(app, [order]))[0];
      },
    }),
    route({
      ...SIGNED_TRADE,
      method: 'DELETE',
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderRef,
      handler: async ({ app, user, params }) => {
        const after = await cancelOpenOrder(app, user!.id, await findOrder(app, user!.id, params));
        return (await viewsOf(app, [after]))[0];
      },
    }),
    route({
      ...SIGNED_TRADE,
      method: 'DELETE',
      path: '/fapi/v1/allOpenOrders',
      weight: 1,
      schema: loose({ symbol: z.string() }),
      handler: async ({ app, user, params }) => {
        const { symbol } = await marketNamed(app, params.symbol);
        await app.context.services.trading.cancelAllOrders(user!.id, symbol);
        return { code: 200, msg: 'The operation of cancel all open order is done.' };
      },
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/openOrders',
      weight: 1,
      schema: loose({ symbol: z.string().optional() }),
      handler: async ({ app, user, params }) => {
        const symbol = await symbolFilterOf(app, params.symbol);
        const open = await ordersOfUser(app.context.pool, user!.id, { limit: 1000, openOnly: true });
        return viewsOf(app, rowsOfMarket(open, symbol));
      },
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/allOrders',
      weight: 5,
      schema: loose({
        symbol: z.string(),
        orderId: id.optional(),
        startTime: id.optional(),
        endTime: id.optional(),
        limit,
      }),
      handler: async ({ app, user, params }) => {
        const { symbol } = await marketNamed(app, params.symbol);
        const orders = await ordersOfUser(app.context.pool, user!.id, {
          limit: params.limit ?? 500,
          ...(params.orderId === undefined ? {} : { fromId: params.orderId }),
          ...(params.startTime === undefined ? {} : { startTime: params.startTime }),
          ...(params.endTime === undefined ? {} : { endTime: params.endTime }),
          symbol,
        });
        return viewsOf(app, orders);
      },
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/userTrades',
      weight: 5,
      schema: loose({ symbol: z.string(), orderId: id.optional(), fromId: id.optional(), limit }),
      handler: async ({ app, user, params }) => {
        const market = await marketNamed(app, params.symbol);
        const trades = await tradesOfUser(app.context.pool, user!.id, {
          limit: params.limit ?? 500,
          ...(params.fromId === undefined ? {} : { fromId: params.fromId }),
          ...(params.orderId === undefined ? {} : { orderId: params.orderId }),
          symbol: market.symbol,
        });
        // The market's own fee rates (#34).
        return trades.map((trade) => userTradeView(trade, user!.id, market));
      },
    }),
  ];
}
