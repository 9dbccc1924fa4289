import type { UserId } from '@tickline/engine';
import { execute, type TradingCore } from './core.ts';

/** `/order/cancel`: the caller's own resting order only (the engine refuses anyone else's as not found). */
export async function cancelOrder(core: TradingCore, userId: UserId, orderId: number): Promise<void> {
  await execute(core, { type: 'cancelOrder', userId, orderId });
}
