/**
 * The #32 order controls in Binance's shapes: `PUT /fapi/v1/order` (ccxt `editOrder`) over the native amendOrder use
 * case and `POST /fapi/v1/positionMargin` (ccxt `addMargin`/`reduceMargin`) over adjustPositionMargin. The engine
 * decides; refusals come back through BINANCE_CODES.
 */
import { z } from 'zod';
import { BinanceError } from './errors.ts';
import { findOrder, id, viewsOf } from './orders.ts';
import { route, SIGNED_TRADE, type FapiRoute } from './route.ts';
import { sideName } from './views.ts';
import { findOrderOfUser } from '@tickline/db';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);

export function orderControlRoutes(): FapiRoute[] {
  return [
    route({
      ...SIGNED_TRADE,
      method: 'PUT',
      path: '/fapi/v1/order',
      weight: 1,
      schema: z.looseObject({
        symbol: z.string(),
        side: z.enum(['BUY', 'SELL']),
        quantity: decimal,
        price: decimal,
        orderId: id.optional(),
        origClientOrderId: z.string().optional(),
      }),
      handler: async ({ app, user, params }) => {
        const order = await findOrder(app, user!.id, params);
        if (sideName(order.side) !== params.side)
          throw new BinanceError(-1102, "Parameter 'side' does not match the order's side.");
        await app.context.services.trading.amendOrder(user!.id, {
          symbol: params.symbol,
          no: order.id,
          price: params.price,
          volume: params.quantity,
        });
        const after = await findOrderOfUser(app.context.pool, user!.id, order.id);
        return (await viewsOf(app, [after!]))[0];
      },
    }),
    route({
      ...SIGNED_TRADE,
      method: 'POST',
      path: '/fapi/v1/positionMargin',
      weight: 1,
      schema: z.looseObject({
        symbol: z.string(),
        amount: decimal,
        type: z.enum(['1', '2']),
        positionSide: z.literal('BOTH').optional(),
      }),
      handler: async ({ app, user, params }) => {
        await app.context.services.trading.adjustPositionMargin(user!.id, {
          symbol: params.symbol,
          amount: params.amount,
          type: params.type === '1' ? 'add' : 'remove',
        });
        return {
          amount: Number(params.amount),
          code: 200,
          msg: 'Successfully modify position margin.',
          type: Number(params.type),
        };
      },
    }),
  ];
}
