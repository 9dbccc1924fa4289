import type { PriceTicks } from '@tickline/money';
import type { CommandGateway, CommandOutcome } from '../app/engine/command-gateway.ts';
import type { Clock } from '../clock.ts';
import { Scheduler } from './scheduler.ts';

/** One index/mark price update from the market data service. */
export interface PriceTick {
  indexPrice: PriceTicks;
  markPrice: PriceTicks;
  timeMs: number;
  /** When a source last quoted the index (the market service republishes the last index while they are silent). */
  indexQuotedAtMs?: number;
  /** The source quotes the index is the median of, for the round audit. */
  indexSources?: readonly IndexSourceQuote[];
}

export interface IndexSourceQuote {
  source: string;
  price: PriceTicks;
  quotedAtMs: number;
}

/** The index tick a round opened or closed on: its price, when it was taken, and the quotes it came from. */
export interface RoundTick {
  price: PriceTicks;
  takenAtMs: number;
  sources: readonly IndexSourceQuote[];
}

/** Where each settled round's open and close ticks are kept for anyone to check (the option round audit). */
export interface RoundAuditSink {
  record(round: { roundStartMs: number; open: RoundTick | null; close: RoundTick | null }): Promise<void>;
}

/** Where the trading jobs take prices from (the market data service; a tiny stand-in in tests). */
export interface PriceFeed {
  indexPrice(): PriceTicks | null;
  markPrice(): PriceTicks | null;
  /** Current funding rate in parts per million (100 = 0.01 %), as the market service computes it. */
  fundingRatePpm(): number | null;
  subscribe(listener: (tick: PriceTick) => void): () => void;
}

/** The commands the jobs send (a stand-in in tests may fail them). */
export type TradingCommands = Pick<CommandGateway, 'send'>;

export interface TradingJobsOptions {
  /** The engine's command gateway (jobs/ run in the engine's process). */
  engine: TradingCommands;
  feed: PriceFeed;
  clock: Clock;
  roundMs?: number;
  fundingIntervalMs: number;
  /** A round's result needs a tick at most this old at its end; otherwise its orders are refunded. */
  maxPriceAgeMs?: number;
  onError?: (error: unknown, context: string) => void;
  /** Where the round and funding clocks run; without one, start() runs them on a scheduler of its own. */
  scheduler?: Scheduler;
  /** Keeps each round's open and close ticks; a round settles even when keeping them fails. */
  roundAudit?: RoundAuditSink;
}

/** The names of the trading clocks in the scheduler (and in the logs). */
export const OPTION_ROUNDS_JOB = 'option-rounds';
export const FUNDING_JOB = 'funding';

const TICK_HISTORY_MS = 5 * 60_000;

/**
 * The engine's clock: forwards price ticks to the engine, settles each one-minute option round at its UTC
 * minute boundary with the index price at that boundary (the last tick at or before it), and settles funding every
 * `fundingIntervalMs` (aligned to multiples of the interval since the epoch, so the countdown the market service
 * shows is the real one). The two clocks are jobs of the scheduler (option-rounds, funding); they only call the
 * public methods, which tests call directly.
 */
export class TradingJobs {
  private readonly roundMs: number;
  private readonly maxPriceAgeMs: number;
  /** Recent ticks, oldest first, to find the price at a boundary after the fact. */
  private ticks: PriceTick[] = [];
  private unsubscribe: (() => void) | null = null;
  /** The scheduler the clocks are registered on, while started (its own one when none was given). */
  private scheduler: Scheduler | null = null;
  /** A price tick waiting to be submitted: ticks faster than the sequencer commits collapse into the latest. */
  private pendingTick: PriceTick | null = null;
  private tickInFlight = false;
  /** Ends of rounds whose settlement did not go through, retried at the next boundary. */
  private readonly unsettledRoundEnds = new Set<number>();
  /** Funding settlements that did not go through (settlement time → rate), retried at the next round boundary. */
  private readonly unsettledFunding = new Map<number, number>();

  constructor(private readonly options: TradingJobsOptions) {
    this.roundMs = options.roundMs ?? 60_000;
    this.maxPriceAgeMs = options.maxPriceAgeMs ?? 10_000;
  }

  start(): void {
    this.unsubscribe = this.options.feed.subscribe((tick) => this.onTick(tick));
    const scheduler = this.options.scheduler ?? new Scheduler(this.options.clock);
    scheduler.register({
      name: OPTION_ROUNDS_JOB,
      schedule: { everyMs: this.roundMs },
      run: (boundaryMs) => this.settleDueRounds(boundaryMs),
    });
    scheduler.register({
      name: FUNDING_JOB,
      schedule: { everyMs: this.options.fundingIntervalMs },
      run: (fundingTimeMs) => this.settleFundingAt(fundingTimeMs),
    });
    if (!this.options.scheduler) scheduler.start();
    this.scheduler = scheduler;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.scheduler?.unregister(OPTION_ROUNDS_JOB);
    this.scheduler?.unregister(FUNDING_JOB);
    this.scheduler = null;
  }

  onTick(tick: PriceTick): void {
    // An index no source has quoted for longer than a round result may be old is no price: it is neither recorded
    // (the round ends without a price and is refunded) nor forwarded (the engine refuses bets on a stale open price).
    if (tick.indexQuotedAtMs !== undefined && tick.timeMs - tick.indexQuotedAtMs > this.maxPriceAgeMs) return;
    this.ticks.push(tick);
    const oldest = tick.timeMs - TICK_HISTORY_MS;
    while (this.ticks.length > 2 && this.ticks[0]!.timeMs < oldest) this.ticks.shift();
    this.pendingTick = tick;
    void this.flushTick();
  }

  /** The index price at `boundaryMs`: the last tick at or before it, if recent enough. */
  priceAt(boundaryMs: number): PriceTicks | null {
    return this.tickAt(boundaryMs)?.indexPrice ?? null;
  }

  private tickAt(boundaryMs: number): PriceTick | null {
    for (let index = this.ticks.length - 1; index >= 0; index--) {
      const tick = this.ticks[index]!;
      if (tick.timeMs > boundaryMs) continue;
      return boundaryMs - tick.timeMs <= this.maxPriceAgeMs ? tick : null;
    }
    return null;
  }

  /**
   * At a round boundary: settles the round ending there, and again every earlier one whose settlement did not go
   * through (the sequencer could not commit, or the timer fired before the engine's clock reached the end): without
   * this its stakes would wait for a restart.
   */
  async settleDueRounds(boundaryMs: number): Promise<void> {
    for (const fundingTimeMs of [...this.unsettledFunding.keys()])
      await this.settleFundingAt(fundingTimeMs).catch((error: unknown) => this.options.onError?.(error, 'funding'));
    for (const endMs of [...this.unsettledRoundEnds, boundaryMs]) {
      this.unsettledRoundEnds.delete(endMs);
      try {
        const outcome = await this.settleRoundEndingAt(endMs);
        if (outcome.status === 'refused' && outcome.reason === 'OPTION_ROUND_NOT_ENDED')
          this.unsettledRoundEnds.add(endMs);
      } catch (error) {
        this.unsettledRoundEnds.add(endMs);
        this.options.onError?.(error, 'option round');
      }
    }
  }

  /** Settles the round that ends at `boundaryMs`. */
  async settleRoundEndingAt(boundaryMs: number): Promise<CommandOutcome<'settleOptionRound'>> {
    await this.flushTick();
    const roundStartMs = boundaryMs - this.roundMs;
    const close = this.tickAt(boundaryMs);
    const outcome = await this.options.engine.send({
      type: 'settleOptionRound',
      roundStartMs,
      resultPrice: close?.indexPrice ?? null,
    });
    if (outcome.status === 'applied' && this.options.roundAudit) {
      // Kept after the settlement went through, with the very tick it used; a failure here never blocks a payout.
      const open = this.tickAt(roundStartMs);
      await this.options.roundAudit
        .record({ roundStartMs, open: open && roundTick(open), close: close && roundTick(close) })
        .catch((error: unknown) => this.options.onError?.(error, 'option round audit'));
    }
    return outcome;
  }

  /**
   * Settles the funding interval that closes at `fundingTimeMs`, at most once ever (its idempotency key: a repeat is
   * refused as a duplicate). One that does not go through is retried at the next round boundary with the same rate.
   */
  async settleFundingAt(fundingTimeMs: number): Promise<CommandOutcome<'settleFunding'> | null> {
    const fundingRatePpm = this.unsettledFunding.get(fundingTimeMs) ?? this.options.feed.fundingRatePpm();
    if (fundingRatePpm === null) return null;
    this.unsettledFunding.delete(fundingTimeMs);
    try {
      return await this.options.engine.send(
        { type: 'settleFunding', fundingRatePpm },
        { idempotencyKey: `funding:${fundingTimeMs}` },
      );
    } catch (error) {
      this.unsettledFunding.set(fundingTimeMs, fundingRatePpm);
      throw error;
    }
  }

  private async flushTick(): Promise<void> {
    if (this.tickInFlight) return;
    this.tickInFlight = true;
    try {
      while (this.pendingTick) {
        const { indexPrice, markPrice } = this.pendingTick;
        this.pendingTick = null;
        await this.options.engine.send({ type: 'priceTick', indexPrice, markPrice });
      }
    } catch (error) {
      this.options.onError?.(error, 'price tick');
    } finally {
      this.tickInFlight = false;
    }
  }
}

function roundTick(tick: PriceTick): RoundTick {
  return { price: tick.indexPrice, takenAtMs: tick.timeMs, sources: tick.indexSources ?? [] };
}
