/**
 * Order entry and order/trade reads in Binance's shapes, over the native use cases (placeOrder, cancelOrder,
 * cancelAllOrders): the engine sees exactly the commands the native routes send. What Binance has and our engine
 * does not yet is refused in ONE place, orderPathOf.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OrderPath, type OrderState } from '@tickline/engine';
import { clientOrderIdOf } from '../app/trading/client-order-ids.ts';
import { AppError } from '../domain/errors.ts';
import { BinanceError } from './errors.ts';
import { orderOfUser, ordersOfUser, tradesOfOrders, tradesOfUser } from './reads.ts';
import { route, type FapiRoute } from './route.ts';
import { orderView, userTradeView } from './views.ts';

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const id = z
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

const orderSchema = loose({
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  type: z.string(),
  quantity: decimal.optional(),
  price: decimal.optional(),
  timeInForce: z.string().optional(),
  reduceOnly: z.enum(['true', 'false']).optional(),
  closePosition: z.enum(['true', 'false']).optional(),
  positionSide: z.string().optional(),
  newClientOrderId: z.string().optional(),
});
type OrderParams = z.infer<typeof orderSchema>;

const orderRef = loose({ symbol: z.string(), orderId: id.optional(), origClientOrderId: z.string().optional() });

/**
 * Binance's type, time in force and flags → our order path. THE mapping point: IOC/FOK/GTX, reduceOnly and the
 * trigger types (STOP, STOP_MARKET, TAKE_PROFIT, TAKE_PROFIT_MARKET, TRAILING_STOP_MARKET) are refused with Binance's
 * codes until the engine has them (branches `orders` and `triggers`); adding them is a change here only.
 */
export function orderPathOf(params: OrderParams): OrderPath {
  if (params.positionSide !== undefined && params.positionSide !== 'BOTH')
    throw new BinanceError(-4061, "Order's position side does not match user's setting.");
  if (params.reduceOnly === 'true' || params.closePosition === 'true')
    throw new BinanceError(-1106, "Parameter 'reduceOnly' sent when not required.");
  if (params.type === 'LIMIT') {
    if (params.timeInForce !== undefined && params.timeInForce !== 'GTC')
      throw new BinanceError(-1115, 'Invalid timeInForce.');
    return OrderPath.Limit;
  }
  if (params.type === 'MARKET') return OrderPath.Market;
  throw new BinanceError(-1116, 'Invalid orderType.');
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

async function viewsOf(app: FastifyInstance, orders: OrderState[]) {
  const trades = await tradesOfOrders(
    app.context.pool,
    orders.filter((order) => order.filledQty > 0).map((order) => order.id),
  );
  return orders.map((order) => orderView(order, trades));
}

async function findOrder(
  app: FastifyInstance,
  userId: number,
  params: { orderId?: number; origClientOrderId?: string },
): Promise<OrderState> {
  if (params.orderId === undefined && params.origClientOrderId === undefined)
    throw new BinanceError(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!");
  const order = await orderOfUser(
    app.context.pool,
    userId,
    params.orderId !== undefined ? { orderId: params.orderId } : { clientOrderId: params.origClientOrderId! },
  );
  if (!order) throw new BinanceError(-2013, 'Order does not exist.');
  return order;
}

async function placeOrder(app: FastifyInstance, userId: number, params: OrderParams) {
  const orderPath = orderPathOf(params);
  if (params.quantity === undefined) throw new BinanceError(-1102, "Mandatory parameter 'quantity' was not sent.");
  if (orderPath === OrderPath.Limit && params.price === undefined)
    throw new BinanceError(-1102, "Mandatory parameter 'price' was not sent.");
  const clientOrderId = clientOrderIdFrom(params.newClientOrderId);
  const pool = app.context.pool;
  // Binance refuses a client order id used before; ours answers its first order again (a safe retry) on /api/v1.
  if (clientOrderId !== undefined && (await orderOfUser(pool, userId, { clientOrderId })))
    throw new BinanceError(-4116, 'ClientOrderId is duplicated.');
  const trading = app.context.services.trading;
  const placed = await trading.placeOrder(userId, {
    leverage: await trading.leverageOf(userId),
    volume: params.quantity,
    position: params.side === 'BUY' ? 1 : 2,
    orderPath,
    price: params.price,
    clientOrderId,
  });
  const [view] = await viewsOf(app, [(await orderOfUser(pool, userId, { orderId: placed.no }))!]);
  return view;
}

export function orderRoutes(): FapiRoute[] {
  const read = { security: 'signed', permission: 'read', method: 'GET' } as const;
  const trade = { security: 'signed', permission: 'trade' } as const;
  return [
    route({
      ...trade,
      method: 'POST',
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderSchema,
      handler: async ({ app, user, params }) => placeOrder(app, user!.id, params),
    }),
    route({
      ...read,
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderRef,
      handler: async ({ app, user, params }) => (await viewsOf(app, [await findOrder(app, user!.id, params)]))[0],
    }),
    route({
      ...read,
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
      ...trade,
      method: 'DELETE',
      path: '/fapi/v1/order',
      weight: 1,
      schema: orderRef,
      handler: async ({ app, user, params }) => {
        const order = await findOrder(app, user!.id, params);
        if (order.status !== 'open') throw new BinanceError(-2011, 'Unknown order sent.');
        await app.context.services.trading.cancelOrder(user!.id, order.id);
        const after = await orderOfUser(app.context.pool, user!.id, { orderId: order.id });
        return (await viewsOf(app, [after!]))[0];
      },
    }),
    route({
      ...trade,
      method: 'DELETE',
      path: '/fapi/v1/allOpenOrders',
      weight: 1,
      schema: loose({ symbol: z.string() }),
      handler: async ({ app, user }) => {
        await app.context.services.trading.cancelAllOrders(user!.id);
        return { code: 200, msg: 'The operation of cancel all open order is done.' };
      },
    }),
    route({
      ...read,
      path: '/fapi/v1/openOrders',
      weight: 1,
      schema: loose({ symbol: z.string().optional() }),
      handler: async ({ app, user }) =>
        viewsOf(app, await ordersOfUser(app.context.pool, user!.id, { limit: 1000, openOnly: true })),
    }),
    route({
      ...read,
      path: '/fapi/v1/allOrders',
      weight: 5,
      schema: loose({
        symbol: z.string(),
        orderId: id.optional(),
        startTime: id.optional(),
        endTime: id.optional(),
        limit,
      }),
      handler: async ({ app, user, params }) =>
        viewsOf(
          app,
          await ordersOfUser(app.context.pool, user!.id, {
            limit: params.limit ?? 500,
            ...(params.orderId === undefined ? {} : { fromId: params.orderId }),
            ...(params.startTime === undefined ? {} : { startTime: params.startTime }),
            ...(params.endTime === undefined ? {} : { endTime: params.endTime }),
          }),
        ),
    }),
    route({
      ...read,
      path: '/fapi/v1/userTrades',
      weight: 5,
      schema: loose({ symbol: z.string(), orderId: id.optional(), fromId: id.optional(), limit }),
      handler: async ({ app, user, params }) => {
        const trades = await tradesOfUser(app.context.pool, user!.id, {
          limit: params.limit ?? 500,
          ...(params.fromId === undefined ? {} : { fromId: params.fromId }),
          ...(params.orderId === undefined ? {} : { orderId: params.orderId }),
        });
        return trades.map((trade) => userTradeView(trade, user!.id, app.context.config.exchange));
      },
    }),
  ];
}
