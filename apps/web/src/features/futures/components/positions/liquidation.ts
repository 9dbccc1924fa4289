/**
 * The margin dialog's maths, by the engine's own rules: what may leave the margin, and whether the mark is already at
 * the liquidation price. The liquidation price after the change is the order form's (calc/orderEstimate.ts
 * positionLiquidation: tiers at the liquidation point, rounding against the user), on the changed margin.
 */
import { multiply, multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import type { Side } from '../../calc/orderMaths.ts';

/**
 * The most the server lets leave the margin now: down to the initial margin at the mark after any unrealised loss
 * (a profit not counted), as the engine's removableMargin; the initial margin rounds up, against the user.
 */
export function removableMargin(
  side: Side,
  qty: QtyLots,
  entry: PriceTicks,
  margin: MicroUsdt,
  leverage: number,
  mark: PriceTicks,
): MicroUsdt {
  const loss = Math.min(0, multiply(side === 1 ? mark - entry : entry - mark, qty));
  const initial = multiplyDivide(mark, qty, leverage, 'ceil');
  return Math.max(0, margin + loss - initial);
}

/** Whether the mark is at or past the liquidation price (the engine then refuses the removal). */
export const liquidatesAt = (side: Side, mark: PriceTicks, liquidation: PriceTicks): boolean =>
  side === 1 ? mark <= liquidation : mark >= liquidation;
