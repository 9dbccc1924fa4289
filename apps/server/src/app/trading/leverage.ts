import type { UserId } from '@tickline/engine';
import { execute, readEngine, type TradingCore } from './core.ts';

export function leverageOf(core: TradingCore, userId: UserId): Promise<number> {
  return readEngine(core, 'leverage', userId);
}

/** `/user/updateLeverage`, through the engine: refused while it would make the open position liquidatable. */
export async function setLeverage(core: TradingCore, userId: UserId, leverage: number): Promise<void> {
  await execute(core, { type: 'setLeverage', userId, leverage });
}
