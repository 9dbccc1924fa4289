/**
 * The demo market maker and taker as clients of the Binance-compatible API (#31 item 3): the maker keeps a ladder
 * of post-only limit orders around the index (ladder.ts), the taker sends a market order now and then, each with its
 * own API key. The maker arms Binance's dead-man's switch (`countdownCancelAll`) and re-arms it well inside the
 * countdown, so that when the process dies its orders are cancelled by the platform within the countdown.
 */
import { parsePrice, parseQty, toDecimalString, PRICE_SCALE, QTY_SCALE, type PriceTicks } from '@tickline/money';
import { SeededRandom } from '../services/market/prng.ts';
import { FapiClient, type KeyPair } from './fapi-client.ts';
import { drawLots, planLevels, planRequote, planTake, type Resting, type Side } from './ladder.ts';

export const SYMBOL = 'BTCUSDT';
/** The maker's leverage: its ladder (about 10 M USDT both sides) is covered by its 5 M USDT at 5×. */
export const MAKER_LEVERAGE = 5;

export interface DemoMakerOptions {
  baseUrl: string;
  maker: KeyPair;
  taker: KeyPair;
  countdownMs?: number;
  requoteMs?: number;
  takerMs?: number;
  /** Requests a requote may send (cancels + placements): the key's budget is 1,200 a minute. */
  requestsPerRequote?: number;
  log?: (line: string) => void;
  seed?: number;
}

interface OpenOrder {
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

  constructor(private readonly options: DemoMakerOptions) {
    this.maker = new FapiClient(options.baseUrl, options.maker);
    this.taker = new FapiClient(options.baseUrl, options.taker);
    this.random = new SeededRandom(options.seed ?? Date.now() % 2 ** 31);
  }

  private get countdownMs() {
    return this.options.countdownMs ?? 10_000;
  }

  /** Sets the leverage, arms the switch, then requotes, re-arms and trades on their own timers until stop(). */
  async start(): Promise<void> {
    await this.maker
      .signed('POST', '/fapi/v1/leverage', { symbol: SYMBOL, leverage: MAKER_LEVERAGE })
      .catch((error: unknown) => this.options.log?.(`demo maker keeps its leverage: ${String(error)}`));
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

  arm(): Promise<unknown> {
    return this.maker.signed('POST', '/fapi/v1/countdownCancelAll', {
      symbol: SYMBOL,
      countdownTime: this.countdownMs,
    });
  }

  /** The index, and the last trade as the trade list has it (the ticker's summary may be a tick behind). */
  private async prices(): Promise<{ index: PriceTicks | null; last: PriceTicks | null }> {
    const [premium, trades] = await Promise.all([
      this.maker.get<{ indexPrice: string }>('/fapi/v1/premiumIndex', { symbol: SYMBOL }),
      this.maker.get<Array<{ price: string }>>('/fapi/v1/trades', { symbol: SYMBOL, limit: 1 }),
    ]);
    return { index: priceOrNull(premium.indexPrice), last: trades[0] ? priceOrNull(trades[0].price) : null };
  }

  /** Moves the resting orders toward the planned ladder, nearest the touch first, within the request budget. */
  async requote(): Promise<void> {
    const { index, last } = await this.prices();
    if (index === null) return;
    const open = await this.maker.signed<OpenOrder[]>('GET', '/fapi/v1/openOrders', { symbol: SYMBOL });
    const resting: Resting[] = open.map((order) => ({
      orderId: String(order.orderId),
      side: order.side === 'BUY' ? 1 : 2,
      price: parsePrice(order.price),
      qty: parseQty(order.origQty) - parseQty(order.executedQty),
    }));
    const plan = planRequote(resting, planLevels(index, last), this.options.requestsPerRequote ?? 12);
    // Cancels first: a post-only quote behind one of our own crossing orders would be refused.
    await Promise.all(
      plan.cancel.map((orderId) =>
        this.maker.signed('DELETE', '/fapi/v1/order', { symbol: SYMBOL, orderId }).catch(() => undefined),
      ),
    );
    await Promise.all(
      plan.place.map((level) =>
        this.maker
          .signed('POST', '/fapi/v1/order', {
            symbol: SYMBOL,
            side: sideName(level.side),
            type: 'LIMIT',
            timeInForce: 'GTX',
            price: toDecimalString(level.price, PRICE_SCALE),
            quantity: toDecimalString(drawLots(level.level, this.random), QTY_SCALE),
          })
          .catch(() => undefined),
      ),
    );
  }

  /** One market order of the taker, toward the index mostly, back toward flat beyond its position limit. */
  async takeOnce(): Promise<void> {
    const { index, last } = await this.prices();
    const rows = await this.taker.signed<Array<{ positionAmt: string }>>('GET', '/fapi/v2/positionRisk', {
      symbol: SYMBOL,
    });
    const amount = rows[0]?.positionAmt ?? '0';
    const lots = parseQty(amount.replace('-', ''));
    const position = lots > 0 ? { side: (amount.startsWith('-') ? 2 : 1) as Side, qty: lots } : null;
    const { side, qty } = planTake(index, last, position, this.random);
    await this.taker.signed('POST', '/fapi/v1/order', {
      symbol: SYMBOL,
      side: sideName(side),
      type: 'MARKET',
      quantity: toDecimalString(qty, QTY_SCALE),
    });
  }
}
