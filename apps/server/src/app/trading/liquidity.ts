import { OrderPath, type Side } from '@tickline/engine';
import type { PriceTicks } from '@tickline/money';
import { SeededRandom } from '../../services/market/prng.ts';
import type { CommandGateway } from '../engine/command-gateway.ts';

/**
 * Demo-mode liquidity: one market-maker account quoting a ladder on both sides of the index, and one taker account
 * trading small market orders now and then, so the book, trades and chart are alive. Both are ordinary accounts with
 * ledger balances; every order goes through the command gateway like a user's (refusals are ignored: the next requote
 * or trade tries afresh). Off in production. The scheduler runs
 * `requote` and `takeOnce` (jobs/demo-liquidity-jobs.ts).
 */
export interface DemoLiquidityOptions {
  engine: Pick<CommandGateway, 'send' | 'read'>;
  indexPrice: () => PriceTicks | null;
  makerUserId: number;
  takerUserId: number;
  seed?: number;
  /** Levels quoted on each side. */
  levelsPerSide?: number;
}

const LOT_MIN = 20; // 0.0020 BTC
const LOT_SPREAD = 480; // up to 0.0500 BTC a level
const TAKER_LOTS_MAX = 150; // 0.0150 BTC a trade
/** The taker turns back toward flat beyond this position (0.5 BTC). */
const TAKER_POSITION_LIMIT_LOTS = 5_000;

export class DemoLiquidity {
  private readonly random: SeededRandom;
  private readonly levelsPerSide: number;

  constructor(private readonly options: DemoLiquidityOptions) {
    this.random = new SeededRandom(options.seed ?? 20261121);
    this.levelsPerSide = options.levelsPerSide ?? 25;
  }

  /**
   * Places a fresh ladder around the index, then cancels the previous one: placing first keeps the book from ever
   * showing empty between the two steps (a new quote crossing an old one of the same account is removed by
   * self-trade prevention, which cancels the older order).
   */
  async requote(): Promise<void> {
    const index = this.options.indexPrice();
    if (index === null) return;
    const { engine, makerUserId } = this.options;
    const previous = (await engine.read('openOrders', makerUserId)).map((order) => order.id);
    // Half a basis point between levels (about 5 USDT at 100,000), at least one tick.
    const stepTicks = Math.max(1, Math.floor(index / 20_000));
    const placements: Array<Promise<unknown>> = [];
    for (let level = 1; level <= this.levelsPerSide; level += 1) {
      for (const side of [1, 2] as const) {
        const price = side === 1 ? index - level * stepTicks : index + level * stepTicks;
        if (price <= 0) continue;
        const qty = LOT_MIN + Math.floor(this.random.next() * LOT_SPREAD);
        placements.push(
          engine.send({ type: 'placeOrder', userId: makerUserId, side, orderPath: OrderPath.Limit, price, qty }),
        );
      }
    }
    await Promise.all(placements);
    await Promise.all(previous.map((orderId) => engine.send({ type: 'cancelOrder', userId: makerUserId, orderId })));
  }

  /** One small market order in a random direction, turned back toward flat when the position grows large. */
  async takeOnce(): Promise<void> {
    const { engine, takerUserId } = this.options;
    const position = await engine.read('position', takerUserId);
    let side: Side = this.random.next() < 0.5 ? 1 : 2;
    if (position && position.qty > TAKER_POSITION_LIMIT_LOTS) side = position.side === 1 ? 2 : 1;
    const qty = 1 + Math.floor(this.random.next() * TAKER_LOTS_MAX);
    await engine.send({
      type: 'placeOrder',
      userId: takerUserId,
      side,
      orderPath: OrderPath.Market,
      price: null,
      qty,
    });
  }
}
