import { users, type Pool } from '@tickline/db';
import type { Clock } from '../clock.ts';

/**
 * A user's futures leverage (1–100). The default keeps it on the users row; the trading sequencer
 * replaces it to route changes through the engine (and refuse one that would liquidate the position).
 * `setLeverage` may throw an AppError (domain/errors.ts) to refuse.
 */
export interface LeverageService {
  leverageOf(userId: number): Promise<number>;
  setLeverage(userId: number, leverage: number): Promise<void>;
}

export function storedLeverageService(pool: Pool, clock: Clock): LeverageService {
  return {
    async leverageOf(userId) {
      return (await users.findUserById(pool, userId))?.leverage ?? 1;
    },
    async setLeverage(userId, leverage) {
      await users.updateLeverage(pool, userId, leverage, new Date(clock.now()));
    },
  };
}
