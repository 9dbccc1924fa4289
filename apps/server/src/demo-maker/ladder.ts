/**
 * What the demo market maker quotes and the demo taker trades (#31 item 3), pure: demo-maker/maker.ts sends what
 * these plan through /fapi.
 *
 * - The touch is one grid step wide (GRID_TICKS, 0.1 USDT: Binance's BTCUSDT tick), centred on the index but moved so
 *   that the last trade is never outside best bid / best ask.
 * - Deeper levels sit on coarser grids (0.1, 0.5, 1, 2.5 USDT): a level's price is a multiple of its grid, so the
 *   deep book stays put while the index moves and a requote touches only the levels near the touch.
 * - Sizes grow with the distance from the touch (thin at the top, thicker deeper, now and then a larger order).
 * - The taker leans toward the index, so the last trade follows it, in log-normal sizes (many small, a few large).
 * - Every market (#34) gets the same ladder in notional terms (`scaleFor`): BTCUSDT's constants below are the scale at
 *   about 100,000 USDT, the default of every function.
 */
import type { PriceTicks, QtyLots } from '@tickline/money';

export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
}

export type Side = 1 | 2;

export interface Level {
  side: Side;
  price: PriceTicks;
  /** 1 at the touch. */
  level: number;
}

export interface Resting {
  orderId: string;
  side: Side;
  price: PriceTicks;
  /** What is left of it. */
  qty: QtyLots;
}

export const LEVELS_PER_SIDE = 60;
export const GRID_TICKS = 10;
/** The touch's typical size, 0.2 BTC, and how much each level further out adds to it (15 %). */
const TOUCH_LOTS = 2_000;
const GROWTH_PER_LEVEL = 0.15;
const LARGE_ORDER_CHANCE = 0.1;
const LARGE_ORDER_FACTOR = 3;
/** A level eaten below this share of its profile is replaced by a fresh order. */
const REFILL_BELOW = 0.25;
/** Taker sizes: median 0.05 BTC, log-normal with σ = 1, at most 2 BTC; at least one lot. */
const TAKER_MEDIAN_LOTS = 500;
const TAKER_SIGMA = 1;
const TAKER_MAX_LOTS = 20_000;
const TOWARD_INDEX_CHANCE = 0.8;
/** Beyond this position (10 BTC) the taker only reduces it. */
export const TAKER_POSITION_LIMIT_LOTS = 100_000;

/** A market's ladder in its own units: the touch's grid and the sizes (lots of 0.0001 of its base asset). */
export interface LadderScale {
  gridTicks: number;
  touchLots: number;
  takerMedianLots: number;
  takerMaxLots: number;
  positionLimitLots: number;
  /** The market's lot step and largest order: every size is a multiple of the one and at most the other. */
  lotLots: number;
  maxLots: number;
}

/** BTCUSDT's ladder, every function's default. */
export const BTC_LADDER: LadderScale = {
  gridTicks: GRID_TICKS,
  touchLots: TOUCH_LOTS,
  takerMedianLots: TAKER_MEDIAN_LOTS,
  takerMaxLots: TAKER_MAX_LOTS,
  positionLimitLots: TAKER_POSITION_LIMIT_LOTS,
  lotLots: 1,
  maxLots: Number.MAX_SAFE_INTEGER,
};

/** The price BTC_LADDER's sizes are for (100,000 USDT in ticks): another market's sizes keep their notional. */
const BTC_LADDER_PRICE = 10_000_000;

/** A market's order rules as its exchangeInfo filters give them, in ticks and lots. */
export interface MarketRules {
  tickTicks: number;
  lotLots: number;
  maxLots: number;
}

/**
 * The ladder of a market quoted around `price`: the same notional as BTC_LADDER at BTC_LADDER_PRICE, the touch's grid
 * the tick or the 1-2-5 step at or above a millionth of the price, whichever is larger (10 ticks for BTC above 50,000
 * to 100,000 USDT, one tick for ETH and SOL).
 */
export function scaleFor(price: PriceTicks, rules: MarketRules): LadderScale {
  const sized = (lots: number) => Math.max(1, Math.floor((lots * BTC_LADDER_PRICE) / price));
  const step = niceStep(price / 1_000_000);
  return {
    gridTicks: Math.ceil(Math.max(step, rules.tickTicks) / rules.tickTicks) * rules.tickTicks,
    touchLots: sized(TOUCH_LOTS),
    takerMedianLots: sized(TAKER_MEDIAN_LOTS),
    takerMaxLots: sized(TAKER_MAX_LOTS),
    positionLimitLots: sized(TAKER_POSITION_LIMIT_LOTS),
    lotLots: rules.lotLots,
    maxLots: rules.maxLots,
  };
}

/** The 1-2-5 step (1, 2, 5, 10, 20…) at or above `value`. */
function niceStep(value: number): number {
  for (let magnitude = 1; ; magnitude *= 10)
    for (const digit of [1, 2, 5]) if (digit * magnitude >= value) return digit * magnitude;
}

/** `lots` on the market's lot grid (rounded down), at least one step, at most its largest order. */
const onLotGrid = (lots: number, scale: LadderScale): QtyLots =>
  Math.min(scale.maxLots - (scale.maxLots % scale.lotLots), Math.max(scale.lotLots, lots - (lots % scale.lotLots)));

/** The grid of level `level` (1-based), in ticks. */
export function gridOf(level: number, grid = GRID_TICKS): number {
  if (level <= 15) return grid;
  if (level <= 30) return 5 * grid;
  if (level <= 45) return 10 * grid;
  return 25 * grid;
}

/** Best bid and best ask: one grid step apart around the index, the last trade between them (inclusive). */
export function touchOf(
  index: PriceTicks,
  last: PriceTicks | null,
  grid = GRID_TICKS,
): { bid: PriceTicks; ask: PriceTicks } {
  let bid = Math.floor(index / grid) * grid;
  if (last !== null && last < bid) bid = Math.floor(last / grid) * grid;
  if (last !== null && last > bid + grid) bid = Math.ceil(last / grid) * grid - grid;
  return { bid, ask: bid + grid };
}

/** Both sides' levels, best first on each side: strictly apart, each on its own level's grid. */
export function planLevels(
  index: PriceTicks,
  last: PriceTicks | null,
  levels = LEVELS_PER_SIDE,
  scale = BTC_LADDER,
): Level[] {
  const { bid, ask } = touchOf(index, last, scale.gridTicks);
  const planned: Level[] = [];
  let below = bid;
  let above = ask;
  for (let level = 1; level <= levels; level += 1) {
    if (below > 0) planned.push({ side: 1, price: below, level });
    planned.push({ side: 2, price: above, level });
    const grid = gridOf(level + 1, scale.gridTicks);
    below = Math.floor((below - 1) / grid) * grid;
    above = Math.ceil((above + 1) / grid) * grid;
  }
  return planned;
}

/** The size profile of a level (lots), before its random draw. */
export const profileLots = (level: number, scale = BTC_LADDER): number =>
  scale.touchLots * (1 + GROWTH_PER_LEVEL * (level - 1));

/** A fresh order's size at `level`: the profile × U(0.5, 1.5), one in ten three times larger, on the lot grid. */
export function drawLots(level: number, random: RandomSource, scale = BTC_LADDER): QtyLots {
  const large = random.next() < LARGE_ORDER_CHANCE ? LARGE_ORDER_FACTOR : 1;
  return onLotGrid(Math.round(profileLots(level, scale) * (0.5 + random.next()) * large), scale);
}

export interface Requote {
  cancel: string[];
  place: Level[];
}

/**
 * From the resting orders to the planned levels in at most `budget` requests: first the orders that would cross the
 * new touch (a post-only quote behind them would be refused), then the rest nearest the touch first, cancels and
 * placements taking turns, so that a budget too small for one run still moves the top of the book first.
 */
export function planRequote(resting: Resting[], planned: Level[], budget: number, scale = BTC_LADDER): Requote {
  const bids = planned.filter((level) => level.side === 1);
  const asks = planned.filter((level) => level.side === 2);
  const bestBid = bids[0]?.price ?? 0;
  const bestAsk = asks[0]?.price ?? Number.MAX_SAFE_INTEGER;
  const mid = (bestBid + bestAsk) / 2;
  const wanted = new Map(planned.map((level) => [`${level.side}:${level.price}`, level]));
  const kept = new Set<string>();
  const crossing: Resting[] = [];
  const stale: Resting[] = [];
  for (const order of resting) {
    const key = `${order.side}:${order.price}`;
    const level = wanted.get(key);
    const eaten = level !== undefined && order.qty < profileLots(level.level, scale) * REFILL_BELOW;
    if (level && !kept.has(key) && !eaten) kept.add(key);
    else if (order.side === 1 ? order.price >= bestAsk : order.price <= bestBid) crossing.push(order);
    else stale.push(order);
  }
  const distance = (price: number) => Math.abs(price - mid);
  stale.sort((a, b) => distance(a.price) - distance(b.price));
  const missing = planned.filter((level) => !kept.has(`${level.side}:${level.price}`));
  missing.sort((a, b) => distance(a.price) - distance(b.price));
  const cancel = crossing.map((order) => order.orderId);
  const place: Level[] = [];
  while (cancel.length + place.length < budget && (stale.length > 0 || missing.length > 0)) {
    const order = stale[0];
    const level = missing[0];
    if (order && (!level || place.length >= cancel.length)) cancel.push(stale.shift()!.orderId);
    else place.push(missing.shift()!);
  }
  return { cancel, place };
}

/** The taker's next market order: toward the index mostly, back toward flat beyond its position limit. */
export function planTake(
  index: PriceTicks | null,
  last: PriceTicks | null,
  position: { side: Side; qty: QtyLots } | null,
  random: RandomSource,
  scale = BTC_LADDER,
): { side: Side; qty: QtyLots } {
  let side: Side = random.next() < 0.5 ? 1 : 2;
  if (index !== null && last !== null && Math.abs(index - last) >= scale.gridTicks)
    if (random.next() < TOWARD_INDEX_CHANCE) side = index > last ? 1 : 2;
  if (position && position.qty > scale.positionLimitLots) side = position.side === 1 ? 2 : 1;
  const drawn = Math.round(scale.takerMedianLots * Math.exp(TAKER_SIGMA * random.normal()));
  return { side, qty: onLotGrid(Math.min(scale.takerMaxLots, Math.max(1, drawn)), scale) };
}
