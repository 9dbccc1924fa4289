import type { UserId } from '@tickline/engine';
import type { TradingContext } from './core.ts';

export function leverageOf(core: TradingContext, userId: UserId): Promise<number> {
  return core.engine.read('leverage', userId);
}

/** `/user/updateLeverage`, through the engine: refused while it would make the open position liquidatable. */
export async function setLeverage(core: TradingContext, userId: UserId, leverage: number): Promise<void> {
  await core.engine.execute({ type: 'setLeverage', userId, leverage });
}
