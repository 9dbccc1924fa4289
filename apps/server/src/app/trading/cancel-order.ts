import type { UserId } from '@tickline/engine';
import type { TradingContext } from './core.ts';
import { requestedMarket, symbolField } from './markets.ts';

/**
 * `/order/cancel`: the caller's own resting order only (the engine refuses anyone else's as not found). Orders are
 * numbered across markets; a named market is checked and carried to the engine.
 */
export async function cancelOrder(
  core: TradingContext,
  userId: UserId,
  orderId: number,
  symbol?: unknown,
): Promise<void> {
  const market = await requestedMarket(core, symbol);
  await core.engine.execute({ type: 'cancelOrder', userId, orderId, ...symbolField(market) });
}
