/**
 * The default, offline price source: a seeded stochastic market. Each coin follows a geometric random walk with
 * its own annualised volatility, correlated with a common market factor (BTC), plus occasional market-wide jumps;
 * stablecoins stay near 1. Traded volume scales with the size of the moves. On start it generates the last
 * `historyMinutes` of minute bars ending now (so 24 h statistics and the chart have a past), then steps live.
 * Prices are modelled in floating point (it is a model, not money) and reported as integer Price8.
 */
import { COINS, type CoinDefinition } from './catalogue.ts';
import { SeededRandom } from './prng.ts';
import { PRICE8_SCALE, type Price8 } from '../../domain/market/units.ts';
import { HOUR_MS, SPARKLINE_HOURS, type HourlyClose } from './sparklines.ts';
import type { PriceSource, SourceCandle, SourceQuote } from './types.ts';

const SECONDS_PER_YEAR = 365 * 24 * 3600;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
/** Simulated history resolution: six steps per minute give candles a plausible high/low. */
const HISTORY_STEP_MS = 10_000;
/** Market-wide jumps: about four a day, typically 0.5 % (for a beta-1 coin). */
const JUMPS_PER_SECOND = 4 / 86_400;
const JUMP_SIZE_STDEV = 0.005;
/** A live step never simulates more than this at once (a stalled timer catches up in several steps). */
const MAX_STEP_MS = 5_000;
/**
 * Our demo venue's share of a coin's world volume, for the volume of the history it backfills: the demo taker trades
 * about 4,000 BTC a day (demo-maker/ladder.ts), about 1 % of the catalogue's BTC volume.
 */
const VENUE_VOLUME_SHARE = 0.01;
const LOTS_PER_COIN = 10_000;
/** Before the minute history, a week of hourly prices (the sparklines' past) at a coarser step. */
const LONG_HISTORY_MS = SPARKLINE_HOURS * HOUR_MS;
const LONG_HISTORY_STEP_MS = 5 * MINUTE_MS;

export interface SimulatedSourceOptions {
  seed: number;
  clock?: () => number;
  /** How often the live market moves. */
  stepIntervalMs?: number;
  /** Minutes of history generated at start (the candle backfill reads them). */
  historyMinutes?: number;
  coins?: readonly CoinDefinition[];
}

interface MinuteBar {
  openTimeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  quoteVolume: number;
}

interface CoinState {
  definition: CoinDefinition;
  price: number;
  /** Closed minutes, oldest first, at most historyMinutes. */
  bars: MinuteBar[];
  current: MinuteBar;
  /** Hourly closes, oldest first, the current hour last; at most a week and the current hour. */
  hours: { hourMs: number; close: number }[];
}

export class SimulatedSource implements PriceSource {
  readonly name = 'simulated';
  private readonly random: SeededRandom;
  private readonly seed: number;
  private readonly clock: () => number;
  private readonly stepIntervalMs: number;
  private readonly historyMinutes: number;
  private readonly coins: readonly CoinDefinition[];
  private readonly anchors = new Map<string, number>();
  private states: Map<string, CoinState> | null = null;
  private lastStepMs = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: SimulatedSourceOptions) {
    this.random = new SeededRandom(options.seed);
    this.seed = options.seed;
    this.clock = options.clock ?? Date.now;
    this.stepIntervalMs = options.stepIntervalMs ?? 500;
    this.historyMinutes = Math.max(DAY_MINUTES + 1, options.historyMinutes ?? 1500);
    this.coins = options.coins ?? COINS;
  }

  resumeFrom(pair: string, price: Price8): void {
    if (this.states) throw new Error('resumeFrom must be called before the history is generated');
    if (price > 0) this.anchors.set(pair, price / 10 ** PRICE8_SCALE);
  }

  async start(): Promise<void> {
    this.ensureHistory();
    if (this.timer) return;
    this.timer = setInterval(() => this.advanceTo(this.clock()), this.stepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  quote(pair: string): SourceQuote | undefined {
    const state = this.ensureHistory().get(pair);
    if (!state) return undefined;
    // The rolling day: the last 1439 closed minutes plus the current one.
    const window = state.bars.slice(-(DAY_MINUTES - 1));
    let high = state.current.high;
    let low = state.current.low;
    let quoteVolume = state.current.quoteVolume;
    for (const bar of window) {
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
      quoteVolume += bar.quoteVolume;
    }
    const open = window[0]?.open ?? state.current.open;
    return {
      pair,
      price: toPrice8(state.price),
      open24h: toPrice8(open),
      high24h: toPrice8(high),
      low24h: toPrice8(low),
      quoteVolume24h: Math.round(quoteVolume),
      updatedAtMs: this.lastStepMs,
    };
  }

  async history(pair: string, minutes: number, endMs: number): Promise<SourceCandle[]> {
    const state = this.ensureHistory().get(pair);
    if (!state) return [];
    return state.bars
      .filter((bar) => bar.openTimeMs + MINUTE_MS <= endMs)
      .slice(-minutes)
      .map((bar) => ({
        openTimeMs: bar.openTimeMs,
        open: toPrice8(bar.open),
        high: toPrice8(bar.high),
        low: toPrice8(bar.low),
        close: toPrice8(bar.close),
        volume: venueLots(bar.quoteVolume, bar.close),
      }));
  }

  /**
   * The same random walk run backwards from `anchor` (a log-return is as likely either way), six steps a minute for
   * plausible wicks, with its own seeded stream so that the live market's stays as it was.
   */
  async pastHistory(pair: string, minutes: number, beforeMs: number, anchor: Price8): Promise<SourceCandle[]> {
    const definition = this.coins.find((coin) => coin.pair === pair);
    if (!definition || definition.stable || minutes <= 0) return [];
    const random = new SeededRandom((this.seed ^ Math.floor(beforeMs / MINUTE_MS)) >>> 0);
    const stepSeconds = HISTORY_STEP_MS / 1000;
    const stepVolatility = definition.annualVolatility * Math.sqrt(stepSeconds / SECONDS_PER_YEAR);
    const stepsPerMinute = MINUTE_MS / HISTORY_STEP_MS;
    let price = anchor / 10 ** PRICE8_SCALE;
    const candles: SourceCandle[] = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      const close = price;
      let high = price;
      let low = price;
      let quoteVolume = 0;
      for (let step = 0; step < stepsPerMinute; step += 1) {
        const jump = random.next() < JUMPS_PER_SECOND * stepSeconds ? random.normal() * JUMP_SIZE_STDEV : 0;
        const logReturn = stepVolatility * random.normal() + definition.marketBeta * jump;
        price *= Math.exp(-logReturn);
        high = Math.max(high, price);
        low = Math.min(low, price);
        const activity =
          Math.exp(0.4 * random.normal()) * (0.6 + 0.4 * Math.min(Math.abs(logReturn) / stepVolatility, 4));
        quoteVolume += (definition.referenceVolume24hUsdt * stepSeconds * activity) / 86_400;
      }
      candles.push({
        openTimeMs: beforeMs - minute * MINUTE_MS,
        open: toPrice8(price),
        high: toPrice8(high),
        low: toPrice8(low),
        close: toPrice8(close),
        volume: venueLots(quoteVolume, close),
      });
    }
    return candles.reverse();
  }

  async hourlyHistory(pair: string, hours: number, endMs: number): Promise<HourlyClose[]> {
    const state = this.ensureHistory().get(pair);
    if (!state) return [];
    return state.hours
      .filter((hour) => hour.hourMs + HOUR_MS <= endMs)
      .slice(-hours)
      .map((hour) => ({ hourMs: hour.hourMs, close: toPrice8(hour.close) }));
  }

  /** Moves the market forward to `nowMs` (the live timer calls this; tests may call it directly). */
  advanceTo(nowMs: number): void {
    const states = this.ensureHistory();
    while (nowMs > this.lastStepMs) {
      const stepMs = Math.min(MAX_STEP_MS, nowMs - this.lastStepMs);
      this.step(states, this.lastStepMs + stepMs, stepMs);
    }
  }

  private ensureHistory(): Map<string, CoinState> {
    if (this.states) return this.states;
    const nowMs = this.clock();
    const firstMinuteMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - this.historyMinutes * MINUTE_MS;
    const states = new Map<string, CoinState>();
    for (const definition of this.coins) {
      states.set(definition.pair, {
        definition,
        price: definition.referencePriceUsdt,
        bars: [],
        current: newBar(firstMinuteMs, definition.referencePriceUsdt),
        hours: [],
      });
    }
    // The week before the minute history: hourly closes only, at a coarse step.
    this.lastStepMs = Math.min(firstMinuteMs, Math.floor(nowMs / HOUR_MS) * HOUR_MS - LONG_HISTORY_MS);
    while (this.lastStepMs < firstMinuteMs) {
      const stepMs = Math.min(LONG_HISTORY_STEP_MS, firstMinuteMs - this.lastStepMs);
      this.step(states, this.lastStepMs + stepMs, stepMs, false);
    }
    for (const state of states.values()) state.current = newBar(firstMinuteMs, state.price);
    // Generate the past at a coarse step, then rescale each path so it ends at its anchor (the last stored close,
    // or the reference price): log-returns are scale-free, so the shape is unchanged.
    while (this.lastStepMs + HISTORY_STEP_MS <= nowMs)
      this.step(states, this.lastStepMs + HISTORY_STEP_MS, HISTORY_STEP_MS);
    if (nowMs > this.lastStepMs) this.step(states, nowMs, nowMs - this.lastStepMs);
    for (const state of states.values()) {
      const target = this.anchors.get(state.definition.pair) ?? state.definition.referencePriceUsdt;
      const factor = target / state.price;
      for (const bar of [...state.bars, state.current]) scaleBar(bar, factor);
      for (const hour of state.hours) hour.close *= factor;
      state.price *= factor;
    }
    this.states = states;
    return states;
  }

  /** One step of every coin; `minutes` false records the hourly closes only (the long history). */
  private step(states: Map<string, CoinState>, toMs: number, stepMs: number, minutes = true): void {
    const dtSeconds = stepMs / 1000;
    const marketShock = this.random.normal();
    const jump = this.random.next() < JUMPS_PER_SECOND * dtSeconds ? this.random.normal() * JUMP_SIZE_STDEV : 0;
    for (const state of states.values()) {
      const { definition } = state;
      let relativeMove: number;
      if (definition.stable) {
        // Mean-reverting around 1 USDT within a few basis points.
        const next = 1 + (state.price - 1) * 0.9 + 0.0001 * this.random.normal();
        relativeMove = Math.abs(next - state.price) / state.price;
        state.price = next;
      } else {
        const stepVolatility = definition.annualVolatility * Math.sqrt(dtSeconds / SECONDS_PER_YEAR);
        const beta = definition.marketBeta;
        const shock = beta * marketShock + Math.sqrt(1 - beta * beta) * this.random.normal();
        const logReturn = stepVolatility * shock + beta * jump;
        state.price *= Math.exp(logReturn);
        relativeMove = Math.abs(logReturn) / Math.max(stepVolatility, 1e-12);
      }
      // Volume follows activity: busier when prices move more than usual.
      const activity = Math.exp(0.4 * this.random.normal()) * (0.6 + 0.4 * Math.min(relativeMove, 4));
      const volume = (definition.referenceVolume24hUsdt * dtSeconds * activity) / 86_400;
      recordHour(state, toMs);
      if (minutes) this.record(state, toMs, volume);
    }
    this.lastStepMs = toMs;
  }

  private record(state: CoinState, timeMs: number, quoteVolume: number): void {
    const minuteMs = Math.floor((timeMs - 1) / MINUTE_MS) * MINUTE_MS;
    if (minuteMs > state.current.openTimeMs) {
      state.bars.push(state.current);
      if (state.bars.length > this.historyMinutes) state.bars.shift();
      state.current = newBar(minuteMs, state.current.close);
    }
    const bar = state.current;
    bar.high = Math.max(bar.high, state.price);
    bar.low = Math.min(bar.low, state.price);
    bar.close = state.price;
    bar.quoteVolume += quoteVolume;
  }
}

function recordHour(state: CoinState, timeMs: number): void {
  const hourMs = Math.floor((timeMs - 1) / HOUR_MS) * HOUR_MS;
  const last = state.hours.at(-1);
  if (last && last.hourMs === hourMs) last.close = state.price;
  else state.hours.push({ hourMs, close: state.price });
  if (state.hours.length > SPARKLINE_HOURS + 1) state.hours.shift();
}

function newBar(openTimeMs: number, price: number): MinuteBar {
  return { openTimeMs, open: price, high: price, low: price, close: price, quoteVolume: 0 };
}

function scaleBar(bar: MinuteBar, factor: number): void {
  bar.open *= factor;
  bar.high *= factor;
  bar.low *= factor;
  bar.close *= factor;
}

/** A minute's world volume in USDT as our venue's share of it, in lots of the coin. */
function venueLots(quoteVolume: number, price: number): number {
  return Math.round(((quoteVolume * VENUE_VOLUME_SHARE) / price) * LOTS_PER_COIN);
}

function toPrice8(price: number): Price8 {
  return Math.max(1, Math.round(price * 10 ** PRICE8_SCALE));
}
