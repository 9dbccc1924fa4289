import { OrderPath } from '@tickline/engine';
import type { PriceTicks } from '@tickline/money';
import { SeededRandom } from '../../services/market/prng.ts';
import { LEVELS_PER_SIDE, planLadder, planTake } from '../demo/quotes.ts';
import type { CommandGateway } from '../engine/command-gateway.ts';

/**
 * Demo-mode liquidity: one market-maker account quoting a ladder on both sides of the index, and one taker account
 * trading market orders now and then, so the book, trades and chart are alive (what they quote and trade:
 * app/demo/quotes.ts). Both are ordinary accounts with ledger balances; every order goes through the command gateway
 * like a user's (refusals are ignored: the next requote or trade tries afresh). Off in production. The scheduler runs
 * `requote` and `takeOnce` (jobs/demo-liquidity-jobs.ts).
 */
export interface DemoLiquidityOptions {
  engine: Pick<CommandGateway, 'send' | 'read'>;
  indexPrice: () => PriceTicks | null;
  /** The last trade's price (null before the first): the ladder keeps it inside the spread. */
  lastPrice: () => PriceTicks | null;
  makerUserId: number;
  takerUserId: number;
  seed?: number;
  /** Levels quoted on each side. */
  levelsPerSide?: number;
}

export class DemoLiquidity {
  private readonly random: SeededRandom;
  private readonly levelsPerSide: number;

  constructor(private readonly options: DemoLiquidityOptions) {
    this.random = new SeededRandom(options.seed ?? 20261121);
    this.levelsPerSide = options.levelsPerSide ?? LEVELS_PER_SIDE;
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
    const placements: Array<Promise<unknown>> = [];
    for (const { side, price, qty } of planLadder(index, this.options.lastPrice(), this.random, this.levelsPerSide)) {
      placements.push(
        engine.send({ type: 'placeOrder', userId: makerUserId, side, orderPath: OrderPath.Limit, price, qty }),
      );
    }
    await Promise.all(placements);
    await Promise.all(previous.map((orderId) => engine.send({ type: 'cancelOrder', userId: makerUserId, orderId })));
  }

  /** One market order, mostly toward the index, turned back toward flat when the position grows large. */
  async takeOnce(): Promise<void> {
    const { engine, takerUserId } = this.options;
    const position = await engine.read('position', takerUserId);
    const { side, qty } = planTake(this.options.indexPrice(), this.options.lastPrice(), position, this.random);
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
