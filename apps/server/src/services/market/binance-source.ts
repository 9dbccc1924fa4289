/**
 * Live world prices from Binance's public market data (no key needed):
 * - websocket combined stream `<btcusdt>@markPrice@1s` (futures): its `i` field, Binance's own spot index, is our
 *   BTCUSDT quote between polls;
 * - REST `GET /api/v3/ticker/24hr?symbols=[...]` (spot): price and 24 h statistics of every pair we show;
 * - REST `GET /fapi/v1/premiumIndex?symbol=BTCUSDT`: the index when the stream is down;
 * - REST `GET /fapi/v1/klines` for the candle backfill.
 * Every answer and frame is validated field by field; anything malformed is counted and ignored.
 */
import { QUOTED_PAIRS, FUTURES_SYMBOL } from './catalogue.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import { ReconnectingSocket } from './reconnecting-socket.ts';
import { PRICE8_SCALE, parseScaled, type Price8 } from '../../domain/market/units.ts';
import type { PriceSource, SourceCandle, SourceQuote } from './types.ts';

export interface BinanceSourceOptions {
  /** Spot REST base, e.g. https://api.binance.com */
  restUrl: string;
  /** USDⓈ-M futures REST base, e.g. https://fapi.binance.com */
  futuresRestUrl: string;
  /** USDⓈ-M futures websocket base, e.g. wss://fstream.binance.com */
  wsUrl: string;
  pairs?: readonly string[];
  pollIntervalMs?: number;
  requestTimeoutMs?: number;
  reconnectInitialDelayMs?: number;
  reconnectMaxDelayMs?: number;
  silenceTimeoutMs?: number;
  clock?: () => number;
  logger?: MarketLogger;
}

/** USDT is the quote currency: its own "pair" is 1 by definition (Binance has no USDTUSDT market). */
const QUOTE_CURRENCY_PAIR = 'USDTUSDT';
const ONE: Price8 = 10 ** PRICE8_SCALE;

export class BinanceSource implements PriceSource {
  readonly name = 'binance';
  private readonly quotes = new Map<string, SourceQuote>();
  private readonly pairs: readonly string[];
  private readonly clock: () => number;
  private readonly logger: MarketLogger;
  private readonly socket: ReconnectingSocket;
  private pollTimer: NodeJS.Timeout | null = null;
  private indexUpdate: { price: Price8; atMs: number } | null = null;
  /** Counters for monitoring (and tests). */
  readonly stats = { malformedFrames: 0, malformedAnswers: 0, failedRequests: 0, indexUpdates: 0 };

  constructor(private readonly options: BinanceSourceOptions) {
    this.pairs = (options.pairs ?? QUOTED_PAIRS).filter((pair) => pair !== QUOTE_CURRENCY_PAIR);
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    const stream = `${FUTURES_SYMBOL.toLowerCase()}@markPrice@1s`;
    this.socket = new ReconnectingSocket({
      url: `${options.wsUrl.replace(/\/$/, '')}/stream?streams=${stream}`,
      onText: (text) => this.handleFrame(text),
      initialDelayMs: options.reconnectInitialDelayMs ?? 500,
      maxDelayMs: options.reconnectMaxDelayMs ?? 30_000,
      silenceTimeoutMs: options.silenceTimeoutMs ?? 30_000,
      logger: this.logger,
    });
  }

  /** Websocket connections opened so far. */
  get connections(): number {
    return this.socket.connections;
  }

  async start(): Promise<void> {
    this.socket.start();
    // The first poll runs in the background: a slow Binance must not hold up our start.
    void this.poll();
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollIntervalMs ?? 15_000);
    this.pollTimer.unref();
  }

  async stop(): Promise<void> {
    this.socket.stop();
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  quote(pair: string): SourceQuote | undefined {
    if (pair === QUOTE_CURRENCY_PAIR) {
      return {
        pair,
        price: ONE,
        open24h: ONE,
        high24h: ONE,
        low24h: ONE,
        quoteVolume24h: 0,
        updatedAtMs: this.clock(),
      };
    }
    const quote = this.quotes.get(pair);
    if (pair !== FUTURES_SYMBOL || !this.indexUpdate) return quote;
    // BTCUSDT: Binance's index (stream, or REST while the stream is quiet) with the spot 24 h statistics around it.
    const { price, atMs } = this.indexUpdate;
    const base = quote ?? { pair, open24h: price, high24h: price, low24h: price, quoteVolume24h: 0 };
    return {
      ...base,
      price,
      high24h: Math.max(base.high24h, price),
      low24h: Math.min(base.low24h, price),
      updatedAtMs: atMs,
    };
  }

  async history(pair: string, minutes: number, endMs: number): Promise<SourceCandle[]> {
    const limit = Math.min(1500, Math.max(1, minutes));
    const url = `${this.options.futuresRestUrl}/fapi/v1/klines?symbol=${pair}&interval=1m&limit=${limit}&endTime=${endMs - 1}`;
    const answer = await this.getJson(url);
    if (!Array.isArray(answer)) return [];
    const candles: SourceCandle[] = [];
    for (const row of answer) {
      const candle = parseKlineRow(row);
      if (candle && candle.openTimeMs + 60_000 <= endMs) candles.push(candle);
      else if (!candle) this.stats.malformedAnswers += 1;
    }
    return candles.sort((a, b) => a.openTimeMs - b.openTimeMs);
  }

  /** One websocket frame of the combined stream: `{"stream": "...", "data": {...}}`. */
  private handleFrame(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.stats.malformedFrames += 1;
      return;
    }
    const data = isRecord(frame) && isRecord(frame.data) ? frame.data : frame;
    if (!isRecord(data) || data.e !== 'markPriceUpdate' || data.s !== FUTURES_SYMBOL) {
      this.stats.malformedFrames += 1;
      return;
    }
    const index = parseScaled(data.i, PRICE8_SCALE);
    const eventTimeMs = typeof data.E === 'number' && Number.isSafeInteger(data.E) ? data.E : null;
    if (index === null || index <= 0 || eventTimeMs === null) {
      this.stats.malformedFrames += 1;
      return;
    }
    // Our clock, not Binance's: freshness is judged against the time we received it.
    this.indexUpdate = { price: index, atMs: this.clock() };
    this.stats.indexUpdates += 1;
  }

  private async poll(): Promise<void> {
    await Promise.all([this.pollSpotTickers(), this.pollPremiumIndex()]);
  }

  private async pollSpotTickers(): Promise<void> {
    const url = `${this.options.restUrl}/api/v3/ticker/24hr?symbols=${encodeURIComponent(JSON.stringify(this.pairs))}`;
    const answer = await this.getJson(url);
    if (answer === undefined) return;
    if (!Array.isArray(answer)) {
      this.stats.malformedAnswers += 1;
      return;
    }
    const nowMs = this.clock();
    for (const row of answer) {
      const quote = parseSpotTicker(row, nowMs);
      if (quote) this.quotes.set(quote.pair, quote);
      else this.stats.malformedAnswers += 1;
    }
  }

  private async pollPremiumIndex(): Promise<void> {
    // Only needed while the stream is quiet; cheap enough to ask every poll.
    const answer = await this.getJson(`${this.options.futuresRestUrl}/fapi/v1/premiumIndex?symbol=${FUTURES_SYMBOL}`);
    if (answer === undefined) return;
    const index =
      isRecord(answer) && answer.symbol === FUTURES_SYMBOL ? parseScaled(answer.indexPrice, PRICE8_SCALE) : null;
    if (index === null || index <= 0) {
      this.stats.malformedAnswers += 1;
      return;
    }
    const nowMs = this.clock();
    if (!this.indexUpdate || nowMs - this.indexUpdate.atMs > 5_000) this.indexUpdate = { price: index, atMs: nowMs };
  }

  /** The parsed JSON answer, or undefined after a network error, a timeout or a non-200 status. */
  private async getJson(url: string): Promise<unknown> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 5_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      this.stats.failedRequests += 1;
      this.logger.warn({ url, err: (error as Error).message }, 'market source request failed');
      return undefined;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseSpotTicker(row: unknown, nowMs: number): SourceQuote | null {
  if (!isRecord(row) || typeof row.symbol !== 'string') return null;
  const price = parseScaled(row.lastPrice, PRICE8_SCALE);
  const open = parseScaled(row.openPrice, PRICE8_SCALE);
  const high = parseScaled(row.highPrice, PRICE8_SCALE);
  const low = parseScaled(row.lowPrice, PRICE8_SCALE);
  const quoteVolume = parseScaled(row.quoteVolume, 0);
  if (price === null || open === null || high === null || low === null || quoteVolume === null) return null;
  if (price <= 0 || low <= 0 || high < low) return null;
  return {
    pair: row.symbol,
    price,
    open24h: open,
    high24h: high,
    low24h: low,
    quoteVolume24h: quoteVolume,
    updatedAtMs: nowMs,
  };
}

/** `[openTime, "open", "high", "low", "close", "volume", closeTime, ...]` */
function parseKlineRow(row: unknown): SourceCandle | null {
  if (!Array.isArray(row) || typeof row[0] !== 'number' || !Number.isSafeInteger(row[0])) return null;
  const [open, high, low, close] = [row[1], row[2], row[3], row[4]].map((text) => parseScaled(text, PRICE8_SCALE));
  if (open == null || high == null || low == null || close == null || low <= 0 || high < low) return null;
  return { openTimeMs: row[0], open, high, low, close };
}
