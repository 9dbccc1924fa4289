/**
 * Units the engine computes in. Amounts, prices and quantities are the integers of @tickline/money (MicroUsdt,
 * PriceTicks, QtyLots, aliased here by their unit: Ticks, Lots). Rates are branded: a fee or maintenance rate is a
 * RatePpm, made only by `ratePpm`, so a plain amount cannot be passed where a rate is expected.
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';

export type { MicroUsdt };
export type Ticks = PriceTicks;
export type Lots = QtyLots;

/** A rate in parts per million of a notional (200 = 0.02 %). */
export type RatePpm = number & { readonly unit: 'ppm' };

export function ratePpm(value: number): RatePpm {
  if (!Number.isSafeInteger(value)) throw new RangeError(`a rate in ppm must be an integer, got ${value}`);
  return value as RatePpm;
}

/** Parts per million in one (the denominator of every RatePpm). */
export const PPM = 1_000_000;
