import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors, ok } from '@tickline/protocol';
import { currentUser, requireUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { pageQuery } from './queries.ts';
import { limitPerUser } from './user-rate-limits.ts';
import { parseInput } from './validation.ts';
import { setCancelAllAfter } from '../app/trading/cancel-all-after.ts';

// Numbers may arrive as JSON numbers or decimal text; the use cases parse them exactly (never as floats).
const decimal = z.unknown().optional();
const code = z.number({ error: 'must be a number' }).optional();

const registerOrderBody = z.object({
  leverage: z.number({ error: 'leverage must be a whole number from 1 to 100' }),
  volume: decimal,
  type: code,
  priceType: code,
  position: z.number({ error: 'position must be 1 (long) or 2 (short)' }),
  orderPath: z.number({ error: 'orderPath must be 1 (limit) or 2 (market)' }),
  price: decimal,
  clientOrderId: z.unknown().optional(),
});

const cancelBody = z.object({
  no: z.custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0, {
    error: 'no must be an order number',
    params: { failure: new AppError(Errors.ORDER_NOT_FOUND) },
  }),
});

const clientOrderId = z.unknown().optional();
const closePositionBody = z.object({ volume: decimal, clientOrderId });
const tpslBody = z.object({ takeProfit: decimal, stopLoss: decimal, clientOrderId });
const lookupQuery = z.object({ clientOrderId: z.string().max(100).optional() });
const cancelAllAfterBody = z.object({ timeoutMs: z.unknown().optional() });

/** Futures order entry and history (seed 000 §7, seed 001 §7). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  const ordering = { preHandler: [requireUser, limitPerUser(app, 'order')] };
  const cancelling = { preHandler: [requireUser, limitPerUser(app, 'cancel')] };

  app.post('/order/registerOrder', ordering, async (request) => {
    const body = parseInput(registerOrderBody, request.body);
    return ok(
      await app.context.services.trading.placeOrder(currentUser(request).id, body),
      'Order successfully completed.',
    );
  });

  app.post('/order/cancel', cancelling, async (request) => {
    const { no } = parseInput(cancelBody, request.body);
    await app.context.services.trading.cancelOrder(currentUser(request).id, no);
    return ok(null, 'The order has been canceled.');
  });

  app.get('/order/waitLookup', guarded, async (request) =>
    ok({ orders: await app.context.services.trading.openOrders(currentUser(request).id) }),
  );

  app.get('/order/history', guarded, async (request) =>
    ok({ orders: await app.context.services.trading.recentFuturesHistory(currentUser(request).id) }),
  );

  app.get('/order/lookup', guarded, async (request) => {
    // With a client order id (#29): that order; otherwise the seeds' history page.
    const { clientOrderId: byClientId } = parseInput(lookupQuery, request.query);
    if (byClientId !== undefined)
      return ok(await app.context.services.trading.lookupClientOrder(currentUser(request).id, byClientId));
    const { page } = parseInput(pageQuery, request.query);
    return ok(await app.context.services.trading.futuresHistoryPage(currentUser(request).id, page));
  });

  app.post('/order/closePosition', ordering, async (request) => {
    const { volume, clientOrderId: id } = parseInput(closePositionBody, request.body);
    await app.context.services.trading.closePosition(currentUser(request).id, volume, id);
    return ok(null, 'The position has been updated.');
  });

  app.post('/order/updateTpsl', ordering, async (request) => {
    const body = parseInput(tpslBody, request.body);
    await app.context.services.trading.updateTpSl(currentUser(request).id, body);
    return ok(null, 'Take Profit and Stop Loss have been updated.');
  });

  // The dead-man's switch (#29): unless renewed within timeoutMs, every open order is cancelled; 0 disarms.
  app.post('/order/cancelAllAfter', cancelling, async (request) => {
    const { timeoutMs } = parseInput(cancelAllAfterBody, request.body);
    const { pool, clock } = app.context;
    return ok(await setCancelAllAfter(pool, clock, currentUser(request).id, timeoutMs));
  });
}
