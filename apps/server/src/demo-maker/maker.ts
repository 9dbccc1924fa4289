/**
 * The demo market maker and taker as clients of the Binance-compatible API (#31 item 3): the maker keeps a ladder
 * of post-only limit orders around the index (ladder.ts), the taker sends a market order now and then, each with its
 * own API key. The maker arms Binance's dead-man's switch (`countdownCancelAll`) and re-arms it well inside the
 * countdown, so that when the process dies its orders are cancelled by the platform within the countdown.
 *
 * It quotes and trades every market the platform lists as TRADING in `exchangeInfo` (#34), each on a ladder of the
 * same notional (ladder.ts `scaleFor`), its request budget shared between them (`requestsPerRequote`). Its reads name
 * no symbol (every market's prices, open orders and positions in one call each), so that they cost the same weight
 * for one market or many; the switch is the account's, so one arm covers every market.
 */
import { parsePrice, parseQty, toDecimalString, PRICE_SCALE, QTY_SCALE, type PriceTicks } from '@tickline/money';
import { SeededRandom } from '../services/market/prng.ts';
import { FapiClient, type KeyPair } from './fapi-client.ts';
import {
  drawLots,
  LEVELS_PER_SIDE,
  planLevels,
  planRequote,
  planTake,
  scaleFor,
  type LadderScale,
  type Level,
  type MarketRules,
  type Resting,
  type Side,
} from './ladder.ts';
import { takeInTurns } from './turns.ts';

/** The maker's leverage: its ladder (about 10 M USDT both sides) is covered by its 5 M USDT at 5×. */
export const MAKER_LEVERAGE = 5;

export interface DemoMakerOptions {
  baseUrl: string;
  maker: KeyPair;
  taker: KeyPair;
  countdownMs?: number;
  requoteMs?: number;
  takerMs?: number;
  /** Requests a requote may send (cancels + placements), over all markets: the key's budget is 1,200 weight a minute. */
  requestsPerRequote?: number;
  log?: (line: string) => void;
  seed?: number;
}

/** A market the maker quotes: its rules from exchangeInfo, its ladder once its index is known. */
interface Market {
  symbol: string;
  rules: MarketRules;
  scale: LadderScale | null;
}

interface SymbolInfo {
  symbol: string;
  status: string;
  filters: Array<{ filterType: string; tickSize?: string; stepSize?: string; maxQty?: string }>;
}

interface OpenOrder {
  symbol: string;
  orderId: number;
  side: 'BUY' | 'SELL';
  price: string;
  origQty: string;
  executedQty: string;
}

const sideName = (side: Side) => (side === 1 ? 'BUY' : 'SELL');
const priceOrNull = (text: string): PriceTicks | null => {
  const ticks = parsePrice(text);
  return ticks > 0 ? ticks : null;
};

export class DemoMaker {
  readonly maker: FapiClient;
  readonly taker: FapiClient;
  private readonly random: SeededRandom;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private turn: Promise<void> = Promise.resolve();
  private markets: Market[] = [];

  constructor(private readonly options: DemoMakerOptions) {
    this.maker = new FapiClient(options.baseUrl, options.maker);
    this.taker = new FapiClient(options.baseUrl, options.taker);
    this.random = new SeededRandom(options.seed ?? Date.now() % 2 ** 31);
  }

  private get countdownMs() {
    return this.options.countdownMs ?? 10_000;
  }

  /** The markets it quotes, by symbol. */
  get symbols(): string[] {
    return this.markets.map((market) => market.symbol);
  }

  /**
   * Learns the markets, sets the leverage in each, arms the switch, then requotes, re-arms and trades on their own
   * timers until stop().
   */
  async start(): Promise<void> {
    this.markets = await this.tradingMarkets();
    for (const { symbol } of this.markets)
      await this.maker
        .signed('POST', '/fapi/v1/leverage', { symbol, leverage: MAKER_LEVERAGE })
        .catch((error: unknown) => this.options.log?.(`demo maker keeps its ${symbol} leverage: ${String(error)}`));
    await this.arm();
    this.every(Math.floor(this.countdownMs / 3), () => this.arm());
    this.every(this.options.requoteMs ?? 1_000, () => this.exclusive(() => this.requote()));
    this.every(this.options.takerMs ?? 1_700, () => this.exclusive(() => this.takeOnce()));
  }

  /**
   * Requotes and trades never overlap: a requote planned before a trade and placed after it could leave a quote on
   * the wrong side of the new last trade.
   */
  private exclusive(work: () => Promise<void>): Promise<void> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** Runs `work` every `ms`, one run at a time; a failed run is logged and the next one tries afresh. */
  private every(ms: number, work: () => Promise<unknown>): void {
    const run = async () => {
      try {
        await work();
      } catch (error) {
        this.options.log?.(`demo maker: ${String(error)}`);
      }
      if (!this.stopped) schedule();
    };
    const schedule = () => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void run();
      }, ms);
      this.timers.add(timer);
    };
    schedule();
  }

  /** The markets listed as trading, with their tick, lot step and largest order. */
  private async tradingMarkets(): Promise<Market[]> {
    const info = await this.maker.get<{ symbols: SymbolInfo[] }>('/fapi/v1/exchangeInfo', {});
    const filter = (symbol: SymbolInfo, type: string) => symbol.filters.find((f) => f.filterType === type);
    return info.symbols
      .filter((symbol) => symbol.status === 'TRADING')
      .map((symbol) => ({
        symbol: symbol.symbol,
        rules: {
          tickTicks: parsePrice(filter(symbol, 'PRICE_FILTER')?.tickSize ?? '0.01'),
          lotLots: parseQty(filter(symbol, 'LOT_SIZE')?.stepSize ?? '0.0001'),
          maxLots: parseQty(filter(symbol, 'LOT_SIZE')?.maxQty ?? '100'),
        },
        scale: null,
      }));
  }

  /**
   * Arms the switch. The platform's countdown is the account's: it cancels the orders of every market, so one arm
   * (naming the first market, as Binance's call must name one) covers them all.
   */
  async arm(): Promise<void> {
    const first = this.markets[0];
    if (first)
      await this.maker.signed('POST', '/fapi/v1/countdownCancelAll', {
        symbol: first.symbol,
        countdownTime: this.countdownMs,
      });
  }

  /**
   * Every market's index and last price, in two reads whatever the number of markets; a market's ladder is sized at
   * the first index seen and kept, so that resting sizes do not drift with the price.
   */
  private async prices(): Promise<Map<string, { index: PriceTicks | null; last: PriceTicks | null }>> {
    const [premiums, tickers] = await Promise.all([
      this.maker.get<Array<{ symbol: string; indexPrice: string }>>('/fapi/v1/premiumIndex', {}),
      this.maker.get<Array<{ symbol: string; price: string }>>('/fapi/v1/ticker/price', {}),
    ]);
    const prices = new Map<string, { index: PriceTicks | null; last: PriceTicks | null }>();
    for (const market of this.markets) {
      const premium = premiums.find((row) => row.symbol === market.symbol);
      const ticker = tickers.find((row) => row.symbol === market.symbol);
      const index = premium ? priceOrNull(premium.indexPrice) : null;
      if (index !== null) market.scale ??= scaleFor(index, market.rules);
      prices.set(market.symbol, { index, last: ticker ? priceOrNull(ticker.price) : null });
    }
    return prices;
  }

  private get requestBudget(): number {
    return this.options.requestsPerRequote ?? 12;
  }

  /**
   * Moves every market's resting orders toward its planned ladder, nearest the touch first, the budget shared in
   * turns between the markets (each market's most urgent requests first).
   */
  async requote(): Promise<void> {
    const [prices, open] = await Promise.all([
      this.prices(),
      this.maker.signed<OpenOrder[]>('GET', '/fapi/v1/openOrders', {}),
    ]);
    const plans = this.markets.map((market) =>
      this.planMarket(
        market,
        prices.get(market.symbol),
        open.filter((order) => order.symbol === market.symbol),
      ),
    );
    const work = takeInTurns(plans, this.requestBudget);
    // Cancels first: a post-only quote behind one of our own crossing orders would be refused.
    await Promise.all(
      work
        .filter((request) => request.kind === 'cancel')
        .map(({ symbol, orderId }) =>
          this.maker.signed('DELETE', '/fapi/v1/order', { symbol, orderId }).catch(() => undefined),
        ),
    );
    await Promise.all(
      work.flatMap((request) => (request.kind === 'place' ? [this.place(request.market, request.level)] : [])),
    );
  }

  private planMarket(
    market: Market,
    prices: { index: PriceTicks | null; last: PriceTicks | null } | undefined,
    open: OpenOrder[],
  ): QuoteRequest[] {
    const index = prices?.index ?? null;
    if (index === null || market.scale === null) return [];
    const resting: Resting[] = open.map((order) => ({
      orderId: String(order.orderId),
      side: order.side === 'BUY' ? 1 : 2,
      price: parsePrice(order.price),
      qty: parseQty(order.origQty) - parseQty(order.executedQty),
    }));
    const levels = planLevels(index, prices?.last ?? null, LEVELS_PER_SIDE, market.scale);
    const plan = planRequote(resting, levels, this.requestBudget, market.scale);
    // The plan's own order (cancels of crossing orders, then the rest in turns) is each market's priority.
    const requests: QuoteRequest[] = plan.cancel.map((orderId) => ({ kind: 'cancel', symbol: market.symbol, orderId }));
    for (const level of plan.place) requests.push({ kind: 'place', market, level });
    return requests;
  }

  private place(market: Market, level: Level): Promise<unknown> {
    return this.maker
      .signed('POST', '/fapi/v1/order', {
        symbol: market.symbol,
        side: sideName(level.side),
        type: 'LIMIT',
        timeInForce: 'GTX',
        price: toDecimalString(level.price, PRICE_SCALE),
        quantity: toDecimalString(drawLots(level.level, this.random, market.scale ?? undefined), QTY_SCALE),
      })
      .catch(() => undefined);
  }

  /** One market order of the taker in each market, toward the index mostly, back toward flat beyond its limit. */
  async takeOnce(): Promise<void> {
    const [prices, rows] = await Promise.all([
      this.prices(),
      this.taker.signed<Array<{ symbol: string; positionAmt: string }>>('GET', '/fapi/v2/positionRisk', {}),
    ]);
    await Promise.all(
      this.markets.map((market) =>
        this.takeIn(
          market,
          prices.get(market.symbol),
          rows.find((row) => row.symbol === market.symbol),
        ),
      ),
    );
  }

  private async takeIn(
    market: Market,
    prices: { index: PriceTicks | null; last: PriceTicks | null } | undefined,
    row: { positionAmt: string } | undefined,
  ): Promise<void> {
    const { symbol } = market;
    if (market.scale === null) return;
    const amount = row?.positionAmt ?? '0';
    const lots = parseQty(amount.replace('-', ''));
    const position = lots > 0 ? { side: (amount.startsWith('-') ? 2 : 1) as Side, qty: lots } : null;
    const { side, qty } = planTake(prices?.index ?? null, prices?.last ?? null, position, this.random, market.scale);
    await this.taker.signed('POST', '/fapi/v1/order', {
      symbol,
      side: sideName(side),
      type: 'MARKET',
      quantity: toDecimalString(qty, QTY_SCALE),
    });
  }
}

type QuoteRequest =
  { kind: 'cancel'; symbol: string; orderId: string } | { kind: 'place'; market: Market; level: Level };
