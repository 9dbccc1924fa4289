/**
 * What the demo market maker quotes and the demo taker trades (#28 item 6: a demo market that looks real and
 * coherent). Pure: app/trading/liquidity.ts submits what these plan.
 *
 * - The ladder is centred on the index but never so far from the last trade that the last trade falls outside the
 *   spread: the centre is clamped to the last trade ± one step, so best bid ≤ last ≤ best ask after every requote.
 * - Sizes grow with the distance from the touch (thin at the top, thicker deeper, now and then a larger order), over
 *   LEVELS_PER_SIDE levels: about 30 BTC a side.
 * - The taker leans toward the index, so the last trade follows it one level at a time, in sizes drawn from a
 *   log-normal (many small trades, a few large): about 4,000 BTC a day at one trade every 1.7 s.
 */
import type { PriceTicks, QtyLots } from '@tickline/money';

export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
}

export interface Quote {
  side: 1 | 2;
  price: PriceTicks;
  qty: QtyLots;
}

export const LEVELS_PER_SIDE = 40;
/**
 * The maker's leverage: its two ladders (the new one is placed before the old one is cancelled) hold about 10 M USDT
 * of notional, which its 5 M USDT cover at 5×; its position (the taker's, mirrored, at most 10 BTC) is then
 * liquidated only by a move of about 20 %.
 */
export const MAKER_LEVERAGE = 5;
/** The touch's typical size, 0.2 BTC, and how much each level further out adds to it (15 %). */
const TOUCH_LOTS = 2_000;
const GROWTH_PER_LEVEL = 0.15;
/** One level in ten is a larger resting order (three times its size). */
const LARGE_ORDER_CHANCE = 0.1;
const LARGE_ORDER_FACTOR = 3;
/** Taker sizes: median 0.05 BTC, log-normal with σ = 1, at most 2 BTC; at least the minimum order. */
const TAKER_MEDIAN_LOTS = 500;
const TAKER_SIGMA = 1;
const TAKER_MAX_LOTS = 20_000;
const MIN_LOTS = 1;
/** The taker trades toward the index this often when the last trade is a level or more away from it. */
const TOWARD_INDEX_CHANCE = 0.8;
/** Beyond this position (10 BTC) the taker only reduces it. */
export const TAKER_POSITION_LIMIT_LOTS = 100_000;
/** The taker's expected lots a minute at one trade every 1.7 s (mean of the log-normal: median × e^(σ²/2)). */
export const TAKER_LOTS_PER_MINUTE = Math.round(
  (60 / 1.7) * TAKER_MEDIAN_LOTS * Math.exp((TAKER_SIGMA * TAKER_SIGMA) / 2),
);

/** Half a basis point between levels (about 3.4 USDT at 67,000), at least one tick. */
export const stepTicks = (index: PriceTicks): number => Math.max(1, Math.floor(index / 20_000));

/** Where the ladder is centred: the index, unless that would leave the last trade outside best bid / best ask. */
export function ladderCentre(index: PriceTicks, last: PriceTicks | null, step: number): PriceTicks {
  if (last === null) return index;
  return Math.min(Math.max(index, last - step), last + step);
}

/** Both sides' levels, best first on each side, level k at centre ∓ k steps. */
export function planLadder(
  index: PriceTicks,
  last: PriceTicks | null,
  random: RandomSource,
  levels = LEVELS_PER_SIDE,
): Quote[] {
  const step = stepTicks(index);
  const centre = ladderCentre(index, last, step);
  const quotes: Quote[] = [];
  for (let level = 1; level <= levels; level += 1) {
    for (const side of [1, 2] as const) {
      const price = side === 1 ? centre - level * step : centre + level * step;
      if (price <= 0) continue;
      const profile = TOUCH_LOTS * (1 + GROWTH_PER_LEVEL * (level - 1));
      const large = random.next() < LARGE_ORDER_CHANCE ? LARGE_ORDER_FACTOR : 1;
      const qty = Math.max(MIN_LOTS, Math.round(profile * (0.5 + random.next()) * large));
      quotes.push({ side, price, qty });
    }
  }
  return quotes;
}

/** The taker's next market order: toward the index mostly, back toward flat beyond its position limit. */
export function planTake(
  index: PriceTicks | null,
  last: PriceTicks | null,
  position: { side: 1 | 2; qty: QtyLots } | null,
  random: RandomSource,
): { side: 1 | 2; qty: QtyLots } {
  let side: 1 | 2 = random.next() < 0.5 ? 1 : 2;
  if (index !== null && last !== null && Math.abs(index - last) >= stepTicks(index))
    if (random.next() < TOWARD_INDEX_CHANCE) side = index > last ? 1 : 2;
  if (position && position.qty > TAKER_POSITION_LIMIT_LOTS) side = position.side === 1 ? 2 : 1;
  const drawn = Math.round(TAKER_MEDIAN_LOTS * Math.exp(TAKER_SIGMA * random.normal()));
  return { side, qty: Math.min(TAKER_MAX_LOTS, Math.max(MIN_LOTS, drawn)) };
}
