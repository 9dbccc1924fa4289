import type { UserId } from '@tickline/engine';
import type { TradingContext } from './core.ts';

/** `/order/cancel`: the caller's own resting order only (the engine refuses anyone else's as not found). */
export async function cancelOrder(core: TradingContext, userId: UserId, orderId: number): Promise<void> {
  await core.engine.execute({ type: 'cancelOrder', userId, orderId });
}
