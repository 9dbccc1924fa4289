/**
 * Leverage bracket tables made from another table's shape (#34), shared by the server's market definitions (ETHUSDT
 * is BTCUSDT's shape at half its notionals) and the engine's default for a market configured without a table of its
 * own (the exchange-wide table, its leverages capped at the market's maximum). Pure: the tiers in, new tiers out.
 */
import { multiplyDivide } from '@tickline/money';
import type { MaintenanceTier } from './config.ts';

export interface BracketTableOptions {
  /** The market's highest leverage: every bracket's leverage is capped at it (the first bracket then allows it). */
  maxLeverage: number;
  /** Each bounded bracket's notional cap × times / per, rounded down to a whole micro-USDT; absent: unchanged. */
  notional?: { times: number; per: number };
}

/** `shape`'s brackets with the same rates, notionals scaled, leverages capped; the last bracket stays unbounded. */
export function bracketTable(shape: readonly MaintenanceTier[], options: BracketTableOptions): MaintenanceTier[] {
  const { times, per } = options.notional ?? { times: 1, per: 1 };
  if (!Number.isSafeInteger(times) || !Number.isSafeInteger(per) || times <= 0 || per <= 0)
    throw new RangeError(`a bracket table's notional scale must be positive whole numbers (${times}/${per})`);
  if (!Number.isSafeInteger(options.maxLeverage) || options.maxLeverage < 1)
    throw new RangeError(`a bracket table's maximum leverage must be a whole number of at least 1`);
  return shape.map((tier) => ({
    maxNotional: Number.isFinite(tier.maxNotional) ? multiplyDivide(tier.maxNotional, times, per, 'floor') : Infinity,
    ratePpm: tier.ratePpm,
    maxLeverage: Math.min(tier.maxLeverage, options.maxLeverage),
  }));
}
