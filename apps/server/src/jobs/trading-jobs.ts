import { DEFAULT_SYMBOL } from '@tickline/engine';
import type { PriceTicks } from '@tickline/money';
import type { CommandGateway, CommandOutcome } from '../app/engine/command-gateway.ts';
import type { Clock } from '../clock.ts';
import { Scheduler } from './scheduler.ts';

/** One index/mark price update from the market data service. */
export interface PriceTick {
  /** The market (#34); absent = BTCUSDT, the one the option rounds take their prices from. */
  symbol?: string;
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
  /** A market's current funding rate in ppm (100 = 0.01 %), as the market service computes it; absent = BTCUSDT. */
  fundingRatePpm(symbol?: string): number | null;
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
  /**
   * The other perpetual markets (#34), each settled on its own funding interval. Their ticks and funding go to the
   * engine only for the markets `tradedSymbols` answers (the ones the engine really runs).
   */
  markets?: ReadonlyArray<{ symbol: string; fundingIntervalMs: number }>;
  tradedSymbols?: () => Promise<readonly string[]>;
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
  /** Price ticks waiting to be submitted, by market: ticks faster than the sequencer commits collapse into the latest. */
  private readonly pendingTicks = new Map<string, PriceTick>();
  /** The other markets the engine runs (learnt at start): their ticks and funding go to it. */
  private tradedSymbols = new Set<string>();
  private tickInFlight = false;
  /** Ends of rounds whose settlement did not go through, retried at the next boundary. */
  private readonly unsettledRoundEnds = new Set<number>();
  /** Funding settlements that did not go through (market → settlement time → rate), retried at the next boundary. */
  private readonly unsettledFunding = new Map<string, Map<number, number>>();

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
    for (const { symbol, fundingIntervalMs } of this.otherMarkets())
      scheduler.register({
        name: fundingJobName(symbol),
        schedule: { everyMs: fundingIntervalMs },
        run: (fundingTimeMs) => this.settleFundingAt(fundingTimeMs, symbol),
      });
    void this.options
      .tradedSymbols?.()
      .then((symbols) => (this.tradedSymbols = new Set(symbols)))
      .catch((error: unknown) => this.options.onError?.(error, 'traded markets'));
    if (!this.options.scheduler) scheduler.start();
    this.scheduler = scheduler;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.scheduler?.unregister(OPTION_ROUNDS_JOB);
    this.scheduler?.unregister(FUNDING_JOB);
    for (const { symbol } of this.otherMarkets()) this.scheduler?.unregister(fundingJobName(symbol));
    this.scheduler = null;
  }

  onTick(tick: PriceTick): void {
    // An index no source has quoted for longer than a round result may be old is no price: it is neither recorded
    // (the round ends without a price and is refunded) nor forwarded (the engine refuses bets on a stale open price).
    if (tick.indexQuotedAtMs !== undefined && tick.timeMs - tick.indexQuotedAtMs > this.maxPriceAgeMs) return;
    const symbol = tick.symbol ?? DEFAULT_SYMBOL;
    if (symbol === DEFAULT_SYMBOL) {
      this.ticks.push(tick);
      const oldest = tick.timeMs - TICK_HISTORY_MS;
      while (this.ticks.length > 2 && this.ticks[0]!.timeMs < oldest) this.ticks.shift();
    } else if (!this.tradedSymbols.has(symbol)) return; // another market moves only its own marks, once the engine runs it
    this.pendingTicks.set(symbol, tick);
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
    for (const [symbol, times] of [...this.unsettledFunding])
      for (const fundingTimeMs of [...times.keys()])
        await this.settleFundingAt(fundingTimeMs, symbol).catch((error: unknown) =>
          this.options.onError?.(error, 'funding'),
        );
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
   * Settles `symbol`'s funding interval that closes at `fundingTimeMs`, at most once ever (its idempotency key: a
   * repeat is refused as a duplicate). One that does not go through is retried at the next round boundary with the
   * same rate. BTCUSDT's command and key carry no symbol, as before #34; another market's is skipped while the engine
   * does not run it.
   */
  async settleFundingAt(
    fundingTimeMs: number,
    symbol: string = DEFAULT_SYMBOL,
  ): Promise<CommandOutcome<'settleFunding'> | null> {
    const isDefault = symbol === DEFAULT_SYMBOL;
    if (!isDefault && !this.tradedSymbols.has(symbol)) return null;
    const unsettled = this.unsettledFunding.get(symbol);
    const fundingRatePpm =
      unsettled?.get(fundingTimeMs) ?? this.options.feed.fundingRatePpm(isDefault ? undefined : symbol);
    if (fundingRatePpm === null) return null;
    unsettled?.delete(fundingTimeMs);
    try {
      return await this.options.engine.send(
        isDefault ? { type: 'settleFunding', fundingRatePpm } : { type: 'settleFunding', fundingRatePpm, symbol },
        { idempotencyKey: isDefault ? `funding:${fundingTimeMs}` : `funding:${symbol}:${fundingTimeMs}` },
      );
    } catch (error) {
      const times = this.unsettledFunding.get(symbol) ?? new Map<number, number>();
      this.unsettledFunding.set(symbol, times.set(fundingTimeMs, fundingRatePpm));
      throw error;
    }
  }

  private otherMarkets(): ReadonlyArray<{ symbol: string; fundingIntervalMs: number }> {
    return (this.options.markets ?? []).filter((market) => market.symbol !== DEFAULT_SYMBOL);
  }

  private async flushTick(): Promise<void> {
    if (this.tickInFlight) return;
    this.tickInFlight = true;
    try {
      for (let next = this.pendingTicks.entries().next(); !next.done; next = this.pendingTicks.entries().next()) {
        const [symbol, { indexPrice, markPrice }] = next.value;
        this.pendingTicks.delete(symbol);
        await this.options.engine.send(
          symbol === DEFAULT_SYMBOL
            ? { type: 'priceTick', indexPrice, markPrice }
            : { type: 'priceTick', indexPrice, markPrice, symbol },
        );
      }
    } catch (error) {
      this.options.onError?.(error, 'price tick');
    } finally {
      this.tickInFlight = false;
    }
  }
}

/** Another market's funding clock in the scheduler (BTCUSDT's keeps the name it had). */
export function fundingJobName(symbol: string): string {
  return `${FUNDING_JOB}:${symbol}`;
}

function roundTick(tick: PriceTick): RoundTick {
  return { price: tick.indexPrice, takenAtMs: tick.timeMs, sources: tick.indexSources ?? [] };
}
