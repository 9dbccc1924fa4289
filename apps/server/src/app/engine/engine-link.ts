import {
  Account,
  type BalanceView,
  type Command,
  type CommandResult,
  type DepthView,
  type Exchange,
  type OptionOrderState,
  type OrderState,
  type PositionState,
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
  openOrders: OrderState[];
  position: PositionState | null;
  /** The user's place in the auto-deleveraging queue, 0–4 (4 first); null without a position or a mark. */
  adlQuantile: number | null;
  balances: { balances: BalanceView; indexPrice: PriceTicks | null };
  leverage: number;
  optionOrders: OptionOrderState[];
  optionRoundMs: number;
  depth: DepthView;
  /** The operators' risk panel: prices, house balances and every open position at one committed batch. */
  risk: {
    markPrice: PriceTicks | null;
    indexPrice: PriceTicks | null;
    insuranceFund: MicroUsdt;
    optionPool: MicroUsdt;
    positions: PositionState[];
  };
}

export type EngineReadName = keyof EngineReads;

/** `arg`: the user id for per-user reads, the number of levels for depth, unused for the rest. */
export interface EngineRead<K extends EngineReadName = EngineReadName> {
  name: K;
  arg: number;
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
  read<K extends EngineReadName>(name: K, arg?: number): Promise<EngineReads[K]>;
}

const READS: { [K in EngineReadName]: (engine: Exchange, arg: number) => EngineReads[K] } = {
  // Resting orders and trigger orders waiting for their price (#32 item 3), by number.
  openOrders: (engine, userId) =>
    [...engine.openOrders(userId), ...engine.triggerOrders(userId)].sort((a, b) => a.id - b.id),
  position: (engine, userId) => engine.position(userId),
  adlQuantile: (engine, userId) => engine.adlQuantile(userId),
  balances: (engine, userId) => ({ balances: engine.balances(userId), indexPrice: engine.indexPrice }),
  leverage: (engine, userId) => engine.leverage(userId),
  optionOrders: (engine, userId) => engine.optionOrders(userId),
  optionRoundMs: (engine) => engine.config.option.roundMs,
  depth: (engine, levels) => engine.depth(levels),
  risk: (engine) => ({
    markPrice: engine.markPrice,
    indexPrice: engine.indexPrice,
    insuranceFund: engine.accountBalance(Account.insuranceFund),
    optionPool: engine.accountBalance(Account.optionPool),
    positions: engine.positions(),
  }),
};

export const isEngineReadName = (name: unknown): name is EngineReadName =>
  typeof name === 'string' && Object.hasOwn(READS, name);

/** Runs a named read against the engine (the sequencer calls it in order with the commands). */
export function runEngineRead<K extends EngineReadName>(engine: Exchange, read: EngineRead<K>): EngineReads[K] {
  return READS[read.name](engine, read.arg);
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
    read: (name, arg = 0) =>
      sequencer.read((engine) => runEngineRead(engine, { name, arg })).catch(busyWhenUnavailable),
  };
}
