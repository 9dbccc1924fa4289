/**
 * The perpetual markets, as configuration (#34 item 2): adding a market is one entry here. Each definition carries
 * everything the engine, the market service and the published rules need; `engineMarket` maps it to the engine's
 * MarketOverrides. Prices are in ticks of 0.01 USDT and quantities in lots of 0.0001 of the base asset for every
 * market (the engine's units), so a market's tick and lot are whole multiples of those. Pure: no I/O.
 */
import {
  bracketTable,
  defaultExchangeConfig,
  DEFAULT_SYMBOL,
  ratePpm,
  type MaintenanceTier,
  type MarketOverrides,
  type MarketSymbol,
  type RatePpm,
} from '@tickline/engine';
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';

const USDT = 1_000_000;
const HOUR_MS = 60 * 60 * 1000;

/** Where a market's index comes from: the simulated world market's pair, and Binance's symbol for it. */
export interface IndexSources {
  /** The pair of the simulated world market (services/market/catalogue.ts), moved with that coin's own volatility. */
  simulatedPair: string;
  /** Binance's spot and futures symbol of the same market. */
  binanceSymbol: string;
}

export interface MarketDefinition {
  symbol: MarketSymbol;
  baseAsset: string;
  tickSizeTicks: PriceTicks;
  lotSizeLots: QtyLots;
  /** An order's price × quantity must reach this (micro-USDT), Binance's MIN_NOTIONAL; the engine enforces it. */
  minNotional: MicroUsdt;
  minOrderQty: QtyLots;
  maxOrderQty: QtyLots;
  maxPriceTicks: PriceTicks;
  maxLeverage: number;
  defaultLeverage: number;
  makerFeeRatePpm: RatePpm;
  takerFeeRatePpm: RatePpm;
  marketProtectionBps: number;
  /** Leverage brackets (risk tiers), smallest notionals first, the last one unbounded. */
  brackets: MaintenanceTier[];
  fundingIntervalMs: number;
  index: IndexSources;
  /**
   * Decimals shown for prices and quantities (the web's formatting), and the order book's grouping steps in USDT as
   * exact decimal text, in the order the book offers them (the first is the default).
   */
  display: { priceDecimals: number; qtyDecimals: number; bookSteps: readonly string[] };
}

/** SOL's table: half BTC's top leverage, each rate doubled so leverage × rate stays at or under 0.5. */
const SOL_BRACKETS: MaintenanceTier[] = [
  { maxNotional: 10_000 * USDT, ratePpm: ratePpm(10_000), maxLeverage: 50 },
  { maxNotional: 50_000 * USDT, ratePpm: ratePpm(20_000), maxLeverage: 25 },
  { maxNotional: 500_000 * USDT, ratePpm: ratePpm(25_000), maxLeverage: 20 },
  { maxNotional: 2_500_000 * USDT, ratePpm: ratePpm(50_000), maxLeverage: 10 },
  { maxNotional: 5_000_000 * USDT, ratePpm: ratePpm(100_000), maxLeverage: 5 },
  { maxNotional: Infinity, ratePpm: ratePpm(125_000), maxLeverage: 4 },
];

const btc = defaultExchangeConfig;

export const MARKET_DEFINITIONS: readonly MarketDefinition[] = [
  {
    // Exactly the engine's defaults: nothing about BTCUSDT changes with the definitions.
    symbol: DEFAULT_SYMBOL,
    baseAsset: 'BTC',
    tickSizeTicks: btc.tickSizeTicks,
    lotSizeLots: btc.lotSizeLots,
    minNotional: btc.minNotional,
    minOrderQty: btc.minOrderQty,
    maxOrderQty: btc.maxOrderQty,
    maxPriceTicks: btc.maxPriceTicks,
    maxLeverage: btc.maxLeverage,
    defaultLeverage: btc.defaultLeverage,
    makerFeeRatePpm: btc.makerFeeRatePpm,
    takerFeeRatePpm: btc.takerFeeRatePpm,
    marketProtectionBps: btc.marketProtectionBps,
    brackets: btc.maintenanceTiers,
    fundingIntervalMs: 8 * HOUR_MS,
    index: { simulatedPair: 'BTCUSDT', binanceSymbol: 'BTCUSDT' },
    // The seeds' precisions (0.1 the default, 0.001 finer than the tick) and #33's coarse steps.
    display: { priceDecimals: 2, qtyDecimals: 4, bookSteps: ['0.1', '0.01', '0.001', '1', '10', '50', '100'] },
  },
  {
    symbol: 'ETHUSDT',
    baseAsset: 'ETH',
    tickSizeTicks: 1,
    lotSizeLots: 10, // 0.001 ETH
    minNotional: 5 * USDT,
    minOrderQty: 10,
    maxOrderQty: 10_000_000, // 1,000 ETH
    maxPriceTicks: 100_000_000, // 1,000,000 USDT
    maxLeverage: 100,
    defaultLeverage: 1,
    makerFeeRatePpm: ratePpm(200),
    takerFeeRatePpm: ratePpm(300),
    marketProtectionBps: 500,
    // BTCUSDT's shape at half its notionals.
    brackets: bracketTable(btc.maintenanceTiers, { maxLeverage: 100, notional: { times: 1, per: 2 } }),
    fundingIntervalMs: 8 * HOUR_MS,
    index: { simulatedPair: 'ETHUSDT', binanceSymbol: 'ETHUSDT' },
    display: { priceDecimals: 2, qtyDecimals: 3, bookSteps: ['0.01', '0.1', '1', '10', '50'] },
  },
  {
    symbol: 'SOLUSDT',
    baseAsset: 'SOL',
    tickSizeTicks: 1,
    lotSizeLots: 100, // 0.01 SOL
    minNotional: 5 * USDT,
    minOrderQty: 100,
    maxOrderQty: 100_000_000, // 10,000 SOL
    maxPriceTicks: 10_000_000, // 100,000 USDT
    maxLeverage: 50,
    defaultLeverage: 1,
    makerFeeRatePpm: ratePpm(200),
    takerFeeRatePpm: ratePpm(400),
    marketProtectionBps: 800,
    brackets: SOL_BRACKETS,
    fundingIntervalMs: 4 * HOUR_MS,
    index: { simulatedPair: 'SOLUSDT', binanceSymbol: 'SOLUSDT' },
    display: { priceDecimals: 2, qtyDecimals: 2, bookSteps: ['0.01', '0.1', '1', '10'] },
  },
];

/** The definition of `symbol`, or undefined for a market that is not defined. */
export function marketDefinition(
  symbol: string,
  definitions: readonly MarketDefinition[] = MARKET_DEFINITIONS,
): MarketDefinition | undefined {
  return definitions.find((definition) => definition.symbol === symbol);
}

/** The engine's rules for the market (every field named, so none silently falls back to the exchange-wide ones). */
export function engineMarket(definition: MarketDefinition, autoDeleverage: boolean): MarketOverrides {
  return {
    symbol: definition.symbol,
    tickSizeTicks: definition.tickSizeTicks,
    lotSizeLots: definition.lotSizeLots,
    minOrderQty: definition.minOrderQty,
    maxOrderQty: definition.maxOrderQty,
    minNotional: definition.minNotional,
    maxPriceTicks: definition.maxPriceTicks,
    maxLeverage: definition.maxLeverage,
    defaultLeverage: definition.defaultLeverage,
    makerFeeRatePpm: definition.makerFeeRatePpm,
    takerFeeRatePpm: definition.takerFeeRatePpm,
    marketProtectionBps: definition.marketProtectionBps,
    maintenanceTiers: definition.brackets.map((tier) => ({ ...tier })),
    autoDeleverage,
  };
}

/**
 * What is wrong with a definition, each problem naming the market; empty when it is sound. The grids: the lot
 * divides the minimum and maximum quantity, the tick divides the highest price. The brackets: notionals rising to
 * an unbounded last one, rates not falling, leverages not rising, leverage × rate under 1 (initial margin always
 * above maintenance), and the first bracket allowing the market's maximum leverage.
 */
export function definitionProblems(definition: MarketDefinition): string[] {
  const name = definition.symbol;
  const problems: string[] = [];
  const positiveWhole = (value: number) => Number.isSafeInteger(value) && value > 0;
  if (!/^[A-Z0-9]{2,16}USDT$/.test(name)) problems.push(`${name}: the symbol must be a base asset followed by USDT`);
  for (const field of ['tickSizeTicks', 'lotSizeLots', 'minOrderQty', 'maxOrderQty', 'maxPriceTicks'] as const)
    if (!positiveWhole(definition[field])) problems.push(`${name}: ${field} must be a positive whole number`);
  if (definition.minOrderQty % definition.lotSizeLots !== 0 || definition.maxOrderQty % definition.lotSizeLots !== 0)
    problems.push(`${name}: the minimum and maximum quantity must be whole lots`);
  if (definition.minOrderQty > definition.maxOrderQty)
    problems.push(`${name}: the minimum quantity is above the maximum`);
  if (definition.maxPriceTicks % definition.tickSizeTicks !== 0)
    problems.push(`${name}: the highest price must be whole ticks`);
  if (!Number.isSafeInteger(definition.minNotional) || definition.minNotional < 0)
    problems.push(`${name}: minNotional must be whole micro-USDT, not negative`);
  if (!(Number.isInteger(definition.maxLeverage) && definition.maxLeverage >= 1))
    problems.push(`${name}: maxLeverage must be a whole number from 1`);
  if (
    !(Number.isInteger(definition.defaultLeverage) && definition.defaultLeverage >= 1) ||
    definition.defaultLeverage > definition.maxLeverage
  )
    problems.push(`${name}: defaultLeverage must be from 1 to maxLeverage`);
  for (const fee of [definition.makerFeeRatePpm, definition.takerFeeRatePpm])
    if (!(Number.isInteger(fee) && fee >= 0 && fee < 100_000)) problems.push(`${name}: fee rates must be 0–10 %`);
  if (!(Number.isInteger(definition.fundingIntervalMs) && definition.fundingIntervalMs >= 60_000))
    problems.push(`${name}: the funding interval must be at least one minute`);
  problems.push(...bookStepProblems(definition));
  problems.push(...bracketProblems(definition));
  return problems;
}

/** Book steps: at least one, each a positive decimal of at most 3 places (the seeds' 0.001), none twice. */
function bookStepProblems({ symbol: name, display }: MarketDefinition): string[] {
  const steps = display.bookSteps;
  if (steps.length === 0) return [`${name}: no order book step`];
  const problems = steps
    .filter((step) => !/^\d+(\.\d{1,3})?$/.test(step) || Number(step) <= 0)
    .map((step) => `${name}: the book step ${step} must be a positive decimal of at most 3 places`);
  if (new Set(steps).size !== steps.length) problems.push(`${name}: a book step is listed twice`);
  return problems;
}

function bracketProblems({ symbol: name, brackets, maxLeverage }: MarketDefinition): string[] {
  const problems: string[] = [];
  if (brackets.length === 0) return [`${name}: no leverage bracket`];
  if (brackets.at(-1)!.maxNotional !== Infinity) problems.push(`${name}: the last bracket must be unbounded`);
  if (brackets[0]!.maxLeverage !== maxLeverage)
    problems.push(`${name}: the first bracket must allow the maximum leverage`);
  brackets.forEach((tier, index) => {
    const previous = brackets[index - 1];
    if (previous && !(tier.maxNotional > previous.maxNotional))
      problems.push(`${name}: bracket ${index + 1}'s notional cap must be above bracket ${index}'s`);
    if (previous && tier.ratePpm < previous.ratePpm)
      problems.push(`${name}: bracket ${index + 1}'s maintenance rate is below bracket ${index}'s`);
    if (previous && tier.maxLeverage > previous.maxLeverage)
      problems.push(`${name}: bracket ${index + 1}'s leverage is above bracket ${index}'s`);
    if (!(tier.ratePpm > 0 && tier.maxLeverage >= 1 && tier.maxLeverage * tier.ratePpm < 1_000_000))
      problems.push(`${name}: bracket ${index + 1} needs leverage × maintenance rate under 1`);
  });
  return problems;
}

/** The markets every start runs unless MARKETS names others. */
export const DEFAULT_MARKETS = MARKET_DEFINITIONS.map((definition) => definition.symbol).join(',');

/**
 * MARKETS (`BTCUSDT,ETHUSDT,SOLUSDT`): the defined markets this platform runs, BTCUSDT first whatever the order
 * given (a call without a symbol is about it). Every bad entry is named in `problems`.
 */
export function chooseMarkets(
  text: string,
  definitions: readonly MarketDefinition[] = MARKET_DEFINITIONS,
): { markets: MarketDefinition[]; problems: string[] } {
  const problems: string[] = [];
  const names = text.split(',').map((name) => name.trim().toUpperCase());
  const chosen: MarketDefinition[] = [];
  for (const name of names) {
    const definition = marketDefinition(name, definitions);
    if (name === '') problems.push('MARKETS has an empty entry');
    else if (!definition)
      problems.push(`MARKETS: ${name} is not a defined market (${definitions.map((d) => d.symbol).join(', ')})`);
    else if (chosen.includes(definition)) problems.push(`MARKETS names ${name} twice`);
    else {
      chosen.push(definition);
      problems.push(...definitionProblems(definition).map((problem) => `MARKETS: ${problem}`));
    }
  }
  if (!names.includes(DEFAULT_SYMBOL)) problems.push(`MARKETS must include ${DEFAULT_SYMBOL}`);
  chosen.sort((a, b) => Number(b.symbol === DEFAULT_SYMBOL) - Number(a.symbol === DEFAULT_SYMBOL));
  return { markets: chosen, problems };
}
