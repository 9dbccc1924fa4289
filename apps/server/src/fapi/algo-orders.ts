/**
 * Binance's algo service for conditional orders (`/fapi/v1/algoOrder`, `openAlgoOrders`), where ccxt sends its
 * unified trigger orders (`createOrder` with `triggerPrice`/`stopPrice`/`callbackRate`). The same orders as the
 * classic route: placed through `placeOrder` (orderPathOf maps them), `algoId` = our order number, so both routes
 * see them. Only `algoType` CONDITIONAL exists.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OrderState } from '@tickline/engine';
import { BinanceError } from './errors.ts';
import { cancelOpenOrder, findOrder, id, orderSchema, placeOrder, viewsOf } from './orders.ts';
import { route, SIGNED_READ, SIGNED_TRADE, type FapiRoute } from './route.ts';
import { rowsOfMarket, symbolFilterOf } from './symbols.ts';
import { ordersOfUser } from '@tickline/db';

const algoRef = z.looseObject({
  symbol: z.string().optional(),
  algoId: id.optional(),
  clientAlgoId: z.string().optional(),
});

type OrderView = NonNullable<Awaited<ReturnType<typeof viewsOf>>[number]>;

/** The algo service's order shape, from the classic view of the same order. */
function algoView(view: OrderView) {
  const fired = view.type !== view.origType;
  return {
    algoId: view.orderId,
    clientAlgoId: view.clientOrderId,
    algoType: 'CONDITIONAL',
    orderType: view.origType,
    symbol: view.symbol,
    side: view.side,
    positionSide: view.positionSide,
    timeInForce: view.timeInForce,
    quantity: view.origQty,
    algoStatus: fired ? 'FINISHED' : view.status,
    triggerPrice: view.stopPrice,
    price: view.price,
    workingType: view.workingType,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    closePosition: false,
    priceProtect: false,
    reduceOnly: view.reduceOnly,
    ...('activatePrice' in view ? { activatePrice: view.activatePrice, priceRate: view.priceRate } : {}),
    createTime: view.time,
    updateTime: view.updateTime,
    goodTillDate: 0,
  };
}

async function algoOrderOf(app: FastifyInstance, userId: number, params: z.infer<typeof algoRef>): Promise<OrderState> {
  const order = await findOrder(app, userId, {
    symbol: params.symbol,
    orderId: params.algoId,
    origClientOrderId: params.clientAlgoId,
  });
  if (!order.trigger) throw new BinanceError(-2013, 'Order does not exist.');
  return order;
}

export function algoOrderRoutes(): FapiRoute[] {
  return [
    route({
      ...SIGNED_TRADE,
      method: 'POST',
      path: '/fapi/v1/algoOrder',
      weight: 1,
      schema: orderSchema.extend({
        algoType: z.literal('CONDITIONAL'),
        triggerPrice: z.string().optional(),
        clientAlgoId: z.string().optional(),
      }),
      handler: async ({ app, user, params }) => {
        if (params.type === 'LIMIT' || params.type === 'MARKET') throw new BinanceError(-1116, 'Invalid orderType.');
        const { triggerPrice, clientAlgoId, ...rest } = params;
        const view = await placeOrder(app, user!.id, {
          ...rest,
          ...(triggerPrice === undefined ? {} : { stopPrice: triggerPrice }),
          ...(clientAlgoId === undefined ? {} : { newClientOrderId: clientAlgoId }),
        });
        return algoView(view!);
      },
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/algoOrder',
      weight: 1,
      schema: algoRef,
      handler: async ({ app, user, params }) =>
        algoView((await viewsOf(app, [await algoOrderOf(app, user!.id, params)]))[0]!),
    }),
    route({
      ...SIGNED_READ,
      path: '/fapi/v1/openAlgoOrders',
      weight: 1,
      schema: z.looseObject({ symbol: z.string().optional() }),
      handler: async ({ app, user, params }) => {
        const symbol = await symbolFilterOf(app, params.symbol);
        const open = rowsOfMarket(
          await ordersOfUser(app.context.pool, user!.id, { limit: 1000, openOnly: true }),
          symbol,
        );
        const waiting = open.filter((order) => order.trigger && order.trigger.firedAtMs === null);
        return (await viewsOf(app, waiting)).map((view) => algoView(view!));
      },
    }),
    route({
      ...SIGNED_TRADE,
      method: 'DELETE',
      path: '/fapi/v1/algoOrder',
      weight: 1,
      schema: algoRef,
      handler: async ({ app, user, params }) => {
        const after = await cancelOpenOrder(app, user!.id, await algoOrderOf(app, user!.id, params));
        return {
          algoId: after.id,
          clientAlgoId: after.clientOrderId ?? `tl-${after.id}`,
          code: '200',
          msg: 'success',
        };
      },
    }),
  ];
}
