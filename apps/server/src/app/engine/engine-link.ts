import {
  Account,
  type BalanceView,
  type Command,
  type CommandResult,
  type DepthView,
  type Exchange,
  type MarketConfig,
  type MarketSymbol,
  type OptionOrderState,
  type OrderState,
  type PositionState,
  symbolOf,
} from '@tickline/engine';
import type { MicroUsdt, PriceTicks } from '@tickline/money';
import { Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { SequencerUnavailableError, type Sequencer } from '../../services/sequencer/sequencer.ts';

/**
 * The named reads of the engine's open state. Names rather than functions, so the same reads work in this process
 * (the sequencer) and from an API node over the bus (roles/remote-engine.ts). Every answer is plain data (numbers,
 * strings, arrays): it crosses the bus as JSON.
 */
export interface EngineReads {
  /** With a symbol: that market's; without: every market's. */
  openOrders: OrderState[];
  /** The symbol's (default BTCUSDT). */
  position: PositionState | null;
  /** Every market's positions of the user, in the order of the engine's markets. */
  positions: PositionState[];
  /** The markets the engine runs, with their order rules, BTCUSDT first. */
  markets: MarketRules[];
  /** The user's place in the auto-deleveraging queue, 0–4 (4 first); null without a position or a mark. */
  adlQuantile: number | null;
  balances: { balances: BalanceView; indexPrice: PriceTicks | null };
  leverage: number;
  optionOrders: OptionOrderState[];
  optionRoundMs: number;
  depth: DepthView;
  /**
   * The operators' risk panel: prices, house balances and every open position at one committed batch; with a symbol,
   * that market's prices and positions.
   */
  risk: {
    markPrice: PriceTicks | null;
    indexPrice: PriceTicks | null;
    insuranceFund: MicroUsdt;
    optionPool: MicroUsdt;
    positions: PositionState[];
  };
}

export type EngineReadName = keyof EngineReads;

/**
 * A market's order rules as the API checks them (#34): the engine's MarketConfig without the maintenance tiers, whose
 * last bound is Infinity (not JSON) and which the API does not check.
 */
export type MarketRules = Pick<
  MarketConfig,
  | 'symbol'
  | 'tickSizeTicks'
  | 'lotSizeLots'
  | 'minOrderQty'
  | 'maxOrderQty'
  | 'minNotional'
  | 'maxPriceTicks'
  | 'maxLeverage'
  | 'defaultLeverage'
  | 'makerFeeRatePpm'
  | 'takerFeeRatePpm'
>;

const marketRules = (market: MarketConfig): MarketRules => ({
  symbol: market.symbol,
  tickSizeTicks: market.tickSizeTicks,
  lotSizeLots: market.lotSizeLots,
  minOrderQty: market.minOrderQty,
  maxOrderQty: market.maxOrderQty,
  minNotional: market.minNotional,
  maxPriceTicks: market.maxPriceTicks,
  maxLeverage: market.maxLeverage,
  defaultLeverage: market.defaultLeverage,
  makerFeeRatePpm: market.makerFeeRatePpm,
  takerFeeRatePpm: market.takerFeeRatePpm,
});

/**
 * `arg`: the user id for per-user reads, the number of levels for depth, unused for the rest. `symbol`: the market of
 * the per-market reads (absent: BTCUSDT, or every market for openOrders).
 */
export interface EngineRead<K extends EngineReadName = EngineReadName> {
  name: K;
  arg: number;
  symbol?: MarketSymbol | undefined;
}

/**
 * The wire to the engine under the command gateway (command-gateway.ts), in this process or over the bus. It answers
 * the engine's result as it is; a failure to get one is thrown as a catalogue error, the same on both wires:
 * SERVICE_BUSY (1007, nothing applied: stopping, overloaded, not committed), SERVICE_UNAVAILABLE (1009, no engine
 * answered: nothing applied) or ENGINE_OUTCOME_UNKNOWN (1010, sent but unanswered in time: it may have been applied).
 * Only the gateway and the engine role's bus server use it.
 */
export interface EngineLink {
  submit(command: Command, options?: { idempotencyKey?: string }): Promise<CommandResult>;
  read<K extends EngineReadName>(name: K, arg?: number, symbol?: MarketSymbol): Promise<EngineReads[K]>;
}

type Read<K extends EngineReadName> = (
  engine: Exchange,
  arg: number,
  symbol: MarketSymbol | undefined,
) => EngineReads[K];

const READS: { [K in EngineReadName]: Read<K> } = {
  // Resting orders and trigger orders waiting for their price (#32 item 3), by number.
  openOrders: (engine, userId, symbol) =>
    [...engine.openOrders(userId, symbol), ...engine.triggerOrders(userId, symbol)].sort((a, b) => a.id - b.id),
  position: (engine, userId, symbol) => engine.position(userId, symbol),
  positions: (engine, userId) => engine.positionsOf(userId),
  markets: (engine) => engine.markets().map(marketRules),
  adlQuantile: (engine, userId, symbol) => engine.adlQuantile(userId, symbol),
  balances: (engine, userId) => ({ balances: engine.balances(userId), indexPrice: engine.indexPrice }),
  leverage: (engine, userId, symbol) => engine.leverage(userId, symbol),
  optionOrders: (engine, userId) => engine.optionOrders(userId),
  optionRoundMs: (engine) => engine.config.option.roundMs,
  depth: (engine, levels, symbol) => engine.depth(levels, symbol),
  // Without a symbol: BTCUSDT's prices and every open position, as before markets; with one: that market's.
  risk: (engine, _arg, symbol) => {
    const prices = symbol === undefined ? null : engine.marketPrices(symbol);
    const positions = engine.positions();
    return {
      markPrice: symbol === undefined ? engine.markPrice : (prices?.lastMarkPrice ?? null),
      indexPrice: symbol === undefined ? engine.indexPrice : (prices?.lastIndexPrice ?? null),
      insuranceFund: engine.accountBalance(Account.insuranceFund),
      optionPool: engine.accountBalance(Account.optionPool),
      positions: symbol === undefined ? positions : positions.filter((position) => symbolOf(position) === symbol),
    };
  },
};

export const isEngineReadName = (name: unknown): name is EngineReadName =>
  typeof name === 'string' && Object.hasOwn(READS, name);

/** A read as it arrives over the bus: a known name, a number and, when there, a text symbol. */
export const isEngineRead = (read: Partial<EngineRead> | null): read is EngineRead =>
  read !== null &&
  isEngineReadName(read.name) &&
  typeof read.arg === 'number' &&
  (read.symbol === undefined || typeof read.symbol === 'string');

/** Runs a named read against the engine (the sequencer calls it in order with the commands). */
export function runEngineRead<K extends EngineReadName>(engine: Exchange, read: EngineRead<K>): EngineReads[K] {
  return READS[read.name](engine, read.arg, read.symbol);
}

/** The sequencer could not make it durable: nothing was applied, the caller may try again. */
function busyWhenUnavailable(error: unknown): never {
  if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
  throw error;
}

/** The engine of this process: its sequencer, the one place that submits to it. */
export function localEngineLink(sequencer: Sequencer<Exchange>): EngineLink {
  return {
    submit: (command, options = {}) => sequencer.submit(command, options).catch(busyWhenUnavailable),
    read: (name, arg = 0, symbol) =>
      sequencer.read((engine) => runEngineRead(engine, { name, arg, symbol })).catch(busyWhenUnavailable),
  };
}
