// The server's rules (GET /server/config) in the web's integer units (@tickline/money): the client's estimates read
// them from here and keep no copy of a fee, a margin rate, a payout or a limit of their own.
import type { FuturesRules, MarketRules, ServerConfigAnswer } from '@tickline/protocol';
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import { lotsOf, microsOf, ticksOf } from '../../lib/units.ts';

export interface MaintenanceTier {
  /** Upper bound of the tier's notional, inclusive; null for the last tier. */
  maxNotional: MicroUsdt | null;
  ratePpm: number;
}

/** A leverage bracket: positions up to `notionalCap` (inclusive; null = no cap) may use up to `maxLeverage`. */
export interface LeverageBracket {
  maxLeverage: number;
  notionalCap: MicroUsdt | null;
}

export interface TradingRules {
  makerFeePpm: number;
  takerFeePpm: number;
  maintenanceTiers: MaintenanceTier[];
  leverageBrackets: LeverageBracket[];
  leverage: { min: number; max: number; default: number };
  lotSize: QtyLots;
  minOrderQty: QtyLots;
  maxOrderQty: QtyLots;
}

export interface OptionRules {
  cutoffMs: number;
  payoutRateBps: number;
}

export interface WalletRules {
  withdrawalFee: MicroUsdt;
  withdrawalMinimum: MicroUsdt;
  withdrawalMaximum: MicroUsdt;
  faucet: boolean;
}

/** One perpetual market (#34): its trading rules and what the screen shows it with. */
export interface MarketInfo {
  symbol: string;
  baseAsset: string;
  trading: TradingRules;
  tickSize: PriceTicks;
  /** Price × quantity must reach it; 0 = no floor. */
  minNotional: MicroUsdt;
  priceDecimals: number;
  qtyDecimals: number;
  /** The order book's grouping steps, USDT decimal text ("0.1"), the default first. */
  bookSteps: readonly string[];
}

export interface ServerRules {
  /** BTCUSDT's (the seeds' screens read these). */
  trading: TradingRules;
  /** Every market, BTCUSDT first. */
  markets: MarketInfo[];
  option: OptionRules;
  wallet: WalletRules;
}

function tradingRulesOf(futures: FuturesRules): TradingRules {
  return {
    makerFeePpm: futures.makerFeeRatePpm,
    takerFeePpm: futures.takerFeeRatePpm,
    maintenanceTiers: futures.maintenanceTiers.map((tier) => ({
      maxNotional: tier.maxNotional === null ? null : microsOf(tier.maxNotional),
      ratePpm: tier.ratePpm,
    })),
    leverageBrackets: futures.leverageBrackets.map((row) => ({
      maxLeverage: row.initialLeverage,
      notionalCap: row.notionalCap === null ? null : microsOf(row.notionalCap),
    })),
    leverage: futures.leverage,
    lotSize: Math.max(1, lotsOf(futures.lotSize)),
    minOrderQty: lotsOf(futures.minOrderQty),
    maxOrderQty: lotsOf(futures.maxOrderQty),
  };
}

function marketInfoOf(market: MarketRules): MarketInfo {
  return {
    symbol: market.symbol,
    baseAsset: market.baseAsset,
    trading: tradingRulesOf(market),
    tickSize: Math.max(1, ticksOf(market.tickSize)),
    minNotional: microsOf(market.minNotional),
    priceDecimals: market.priceDecimals,
    qtyDecimals: market.qtyDecimals,
    bookSteps: market.bookSteps,
  };
}

export function serverRulesOf(answer: ServerConfigAnswer): ServerRules {
  const { futures, option, wallet } = answer;
  return {
    trading: tradingRulesOf(futures),
    markets: answer.markets.map(marketInfoOf),
    option: { cutoffMs: option.cutoffMs, payoutRateBps: option.payoutRateBps },
    wallet: {
      withdrawalFee: microsOf(wallet.withdrawalFee),
      withdrawalMinimum: microsOf(wallet.withdrawalMinimum),
      withdrawalMaximum: microsOf(wallet.withdrawalMaximum),
      faucet: wallet.faucet,
    },
  };
}

/** The maintenance rate of a position of `notional` (the first tier that holds it). */
export function maintenanceRatePpm(tiers: readonly MaintenanceTier[], notional: MicroUsdt): number {
  for (const tier of tiers) if (tier.maxNotional === null || notional <= tier.maxNotional) return tier.ratePpm;
  return tiers.at(-1)?.ratePpm ?? 0;
}

/**
 * The largest position notional `leverage` is allowed at (the cap of the last bracket whose leverage reaches it), or
 * null when no bracket limits it: the engine refuses an order past it (LEVERAGE_EXCEEDS_BRACKET, #32).
 */
export function notionalCapAt(brackets: readonly LeverageBracket[], leverage: number): MicroUsdt | null {
  let cap: MicroUsdt | null = 0;
  for (const bracket of brackets) if (bracket.maxLeverage >= leverage) cap = bracket.notionalCap;
  return brackets.length === 0 ? null : cap;
}
