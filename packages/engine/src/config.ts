import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import { ratePpm, type RatePpm } from './units.ts';
import { bracketTable } from './bracket-table.ts';

/**
 * One leverage bracket (risk tier, Binance's `/fapi/v1/leverageBracket` row): applies to positions whose notional is
 * at most `maxNotional`. Its maintenance amount (Binance's `cum`) is derived from the tiers below it so the
 * maintenance requirement is continuous (futures/brackets.ts).
 */
export interface MaintenanceTier {
  /** Upper bound of the tier's notional, inclusive (micro-USDT); the last tier should be Infinity. */
  maxNotional: MicroUsdt;
  /** Maintenance margin rate in parts per million (4,000 = 0.4 %). */
  ratePpm: RatePpm;
  /** Highest leverage while the position (with its resting orders) is in this tier (Binance's initialLeverage). */
  maxLeverage: number;
}

/** The same tier under the name the venues give it. */
export type LeverageBracket = MaintenanceTier;

export interface ExchangeConfig {
  /** Prices must be multiples of this many ticks (1 tick = 0.01 USDT). */
  tickSizeTicks: PriceTicks;
  /** Quantities must be multiples of this many lots (1 lot = 0.0001 BTC). */
  lotSizeLots: QtyLots;
  minOrderQty: QtyLots;
  maxOrderQty: QtyLots;
  /**
   * An order's price × quantity must reach this (micro-USDT), Binance's MIN_NOTIONAL; 0 = no floor. Reduce-only orders
   * and closes are exempt (futures/min-notional.ts).
   */
  minNotional: MicroUsdt;
  /** Highest accepted price, a sanity bound against typos (10,000,000 USDT). */
  maxPriceTicks: PriceTicks;
  maxOpenOrdersPerUser: number;
  maxLeverage: number;
  defaultLeverage: number;
  /** Fee rates in parts per million of notional (200 = 0.02 %). */
  makerFeeRatePpm: RatePpm;
  takerFeeRatePpm: RatePpm;
  /**
   * Market-type orders (market, close, TP/SL, liquidation) are IOC limit orders at the reference price (mark, or
   * the best opposite price before the first mark) moved this far against the taker, in basis points.
   */
  marketProtectionBps: number;
  maintenanceTiers: MaintenanceTier[];
  /**
   * When a liquidation's loss beyond the margin is more than the insurance fund holds: true closes the rest of the
   * position against opposite positions at its bankruptcy price (auto-deleveraging, futures/adl.ts); false lets the
   * treasury refill the fund (the behaviour before ADL).
   */
  autoDeleverage: boolean;
  /** Every market's own rules (#34), resolved: each names all its fields. */
  markets: MarketConfig[];
  option: {
    roundMs: number;
    /** Orders are refused when less than this remains in the round. */
    cutoffMs: number;
    minStake: MicroUsdt;
    maxStakePerOrder: MicroUsdt;
    maxStakePerRound: MicroUsdt;
    /** Win pays stake × (1 + payoutRateBps / 10,000). */
    payoutRateBps: number;
    /** Orders are refused while the last index price is older than this (a stale open price is a free option). */
    maxPriceAgeMs: number;
  };
}

const USDT = 1_000_000;

export const defaultExchangeConfig: ExchangeConfig = {
  tickSizeTicks: 1,
  lotSizeLots: 1,
  minOrderQty: 1,
  maxOrderQty: 1_000_000,
  minNotional: 0,
  maxPriceTicks: 1_000_000_000,
  maxOpenOrdersPerUser: 200,
  maxLeverage: 100,
  defaultLeverage: 1,
  makerFeeRatePpm: ratePpm(200),
  takerFeeRatePpm: ratePpm(300),
  marketProtectionBps: 500,
  // Binance's BTCUSDT table shape: 0.4 % and up to 100x up to 50,000 USDT; the rate rises and the leverage falls
  // with size. Each tier's maxLeverage × rate stays below 1, so initial margin always exceeds maintenance.
  maintenanceTiers: [
    { maxNotional: 50_000 * USDT, ratePpm: ratePpm(4_000), maxLeverage: 100 },
    { maxNotional: 250_000 * USDT, ratePpm: ratePpm(5_000), maxLeverage: 50 },
    { maxNotional: 3_000_000 * USDT, ratePpm: ratePpm(10_000), maxLeverage: 20 },
    { maxNotional: 15_000_000 * USDT, ratePpm: ratePpm(25_000), maxLeverage: 10 },
    { maxNotional: 30_000_000 * USDT, ratePpm: ratePpm(50_000), maxLeverage: 5 },
    { maxNotional: Infinity, ratePpm: ratePpm(100_000), maxLeverage: 2 },
  ],
  autoDeleverage: false,
  markets: [],
  option: {
    roundMs: 60_000,
    cutoffMs: 5_000,
    minStake: USDT,
    maxStakePerOrder: 10_000 * USDT,
    maxStakePerRound: 10_000 * USDT,
    payoutRateBps: 9_500,
    maxPriceAgeMs: 10_000,
  },
};

/** The market a command, row or query is about (#34), e.g. `BTCUSDT`. */
export type MarketSymbol = string;

/** The first market, and the one a command, row or query without a symbol is about (the seeds' calls have none). */
export const DEFAULT_SYMBOL: MarketSymbol = 'BTCUSDT';

/** The fields of ExchangeConfig that each market has its own value of (#34). */
export const MARKET_CONFIG_FIELDS = [
  'tickSizeTicks',
  'lotSizeLots',
  'minOrderQty',
  'maxOrderQty',
  'minNotional',
  'maxPriceTicks',
  'maxLeverage',
  'defaultLeverage',
  'makerFeeRatePpm',
  'takerFeeRatePpm',
  'marketProtectionBps',
  'maintenanceTiers',
  'autoDeleverage',
] as const;

/**
 * One perpetual market's rules (#34). Prices are in ticks of 0.01 USDT and quantities in lots of 0.0001 of the base
 * asset for every market; a market's tick and lot sizes are multiples of those.
 */
export type MarketConfig = { symbol: MarketSymbol } & Pick<ExchangeConfig, (typeof MARKET_CONFIG_FIELDS)[number]>;

/** A market as configured: its symbol and what differs from the exchange-wide defaults (the top-level fields). */
export type MarketOverrides = { symbol: MarketSymbol } & Partial<Omit<MarketConfig, 'symbol'>>;

/** Overrides for `new Exchange(...)`: any field, option settings one by one. */
export type ExchangeConfigOverrides = Partial<Omit<ExchangeConfig, 'option' | 'markets'>> & {
  option?: Partial<ExchangeConfig['option']>;
  /**
   * The markets, first = DEFAULT_SYMBOL's place in lists; absent = one market, DEFAULT_SYMBOL, on the top-level
   * fields. Each market's missing fields come from the top-level fields, but for the brackets: a market without its
   * own gets the top-level table with each bracket's leverage capped at the market's maximum (bracket-table.ts).
   */
  markets?: MarketOverrides[];
  /** The reference book exists for tests: same behaviour, slower. */
  orderBook?: 'fast' | 'reference';
};

export function resolveConfig(partial: ExchangeConfigOverrides = {}): ExchangeConfig {
  const { orderBook: _orderBook, markets, ...overrides } = partial;
  const base = { ...defaultExchangeConfig, ...overrides };
  const marketDefaults = Object.fromEntries(MARKET_CONFIG_FIELDS.map((field) => [field, base[field]])) as Omit<
    MarketConfig,
    'symbol'
  >;
  return {
    ...base,
    option: { ...defaultExchangeConfig.option, ...overrides.option },
    markets: (markets ?? [{ symbol: DEFAULT_SYMBOL }]).map((market) => ({
      ...marketDefaults,
      maintenanceTiers: bracketTable(base.maintenanceTiers, { maxLeverage: market.maxLeverage ?? base.maxLeverage }),
      ...market,
    })),
  };
}
