import { parseQty } from '@tickline/money';
import type { UserId } from '@tickline/engine';
import { execute, type TradingCore } from './core.ts';
import { positiveDecimal } from './input.ts';

/** `/order/closePosition`: closes `volume` of the caller's position at market. */
export async function closePosition(core: TradingCore, userId: UserId, volume: unknown): Promise<void> {
  const qty = positiveDecimal(volume, parseQty, 'INVALID_QUANTITY');
  await execute(core, { type: 'closePosition', userId, qty });
}
