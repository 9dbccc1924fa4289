import { parsePrice, parseQty } from '@tickline/money';
import { OrderPath, type Side, type UserId } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { isValidLeverage } from '../../domain/trading-rules.ts';
import { clientOrderIdOf, executeOnce } from './client-order-ids.ts';
import { checkOrderRules, requestedMarket, symbolArg, symbolField } from './markets.ts';
import type { TradingContext } from './core.ts';
import { positiveDecimal, refuse } from './input.ts';
import { orderControlsOf, type OrderControlsInput } from './order-controls.ts';
import { triggerOf, type TriggerInput } from './trigger-input.ts';

export interface PlaceOrderInput extends OrderControlsInput, TriggerInput {
  leverage: number;
  volume?: unknown;
  position: number;
  orderPath: number;
  priceType?: number | undefined;
  type?: number | undefined;
  price?: unknown;
  /** Makes a retry safe (#29): see client-order-ids.ts. */
  clientOrderId?: unknown;
  /** The market (#34); absent: BTCUSDT. */
  symbol?: unknown;
}

/**
 * `/order/registerOrder`. In one-way isolated mode leverage belongs to the user, not the order: the request's
 * leverage must equal the user's current one (the seeds' leverage dialog saves it with /user/updateLeverage before
 * any order). Changing it here first would leave the change behind when the order is then refused.
 */
export async function placeOrder(
  core: TradingContext,
  userId: UserId,
  input: PlaceOrderInput,
): Promise<{ no: number }> {
  const side = input.position;
  if (side !== 1 && side !== 2) refuse('INVALID_ORDER_TYPE', 'position must be 1 (long) or 2 (short).');
  const orderPath = input.orderPath;
  if (orderPath !== OrderPath.Limit && orderPath !== OrderPath.Market)
    refuse('INVALID_ORDER_TYPE', 'orderPath must be 1 (limit) or 2 (market).');
  if (input.priceType !== undefined && input.priceType !== orderPath)
    refuse('INVALID_ORDER_TYPE', 'priceType must equal orderPath (1 limit, 2 market).');
  if (input.type !== undefined && input.type !== 2) refuse('INVALID_ORDER_TYPE', 'type must be 2.');
  const leverage = input.leverage;
  if (!isValidLeverage(leverage)) refuse('INVALID_LEVERAGE');
  const qty = positiveDecimal(input.volume, parseQty, 'INVALID_QUANTITY');
  const clientOrderId = clientOrderIdOf(input.clientOrderId);
  const trigger = triggerOf(input);
  const price = orderPath === OrderPath.Limit ? positiveDecimal(input.price, parsePrice, 'INVALID_PRICE') : null;
  const controls = orderControlsOf(input);
  const market = await requestedMarket(core, input.symbol);
  checkOrderRules(market, { leverage, price, qty });
  if (await core.freezes.isFrozen(userId)) refuse('TRADING_FROZEN');

  // The engine refuses an order whose leverage is not the user's (INVALID_LEVERAGE, nothing changed); the user's
  // leverage is read only then, to say it. Read before every order it cost a second round trip to the engine per order
  // on a cluster's API node (#30).
  const placed = await executeOnce(core, userId, clientOrderId, {
    type: 'placeOrder',
    userId,
    side: side as Side,
    orderPath,
    price,
    qty,
    leverage,
    ...controls,
    ...symbolField(market),
    ...(clientOrderId === undefined ? {} : { clientOrderId }),
    ...(trigger === undefined ? {} : { trigger }),
  }).catch(async (error: unknown) => {
    if (!(error instanceof AppError) || error.code !== Errors.INVALID_LEVERAGE.code) throw error;
    const current = await core.engine.read('leverage', userId, symbolArg(market));
    refuse('INVALID_LEVERAGE', `Your leverage is ${current}×: change it with the leverage dialog first, then order.`);
  });
  return { no: placed.orderId };
}
