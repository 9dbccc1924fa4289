import { OrderPath, type Exchange } from '@tickline/engine';
import type { PriceTicks } from '@tickline/money';
import { SeededRandom } from '../../services/market/prng.ts';
import { LEVELS_PER_SIDE, planLadder, planTake } from '../demo/quotes.ts';
import type { Sequencer } from '../../services/sequencer/sequencer.ts';

/**
 * Demo-mode liquidity: one market-maker account quoting a ladder on both sides of the index, and one taker account
 * trading market orders now and then, so the book, trades and chart are alive (what they quote and trade:
 * app/demo/quotes.ts). Both are ordinary accounts with ledger balances; every order goes through the sequencer like a
 * user's. Off in production. The scheduler runs `requote` and `takeOnce` (jobs/demo-liquidity-jobs.ts).
 */
export interface DemoLiquidityOptions {
  sequencer: Sequencer<Exchange>;
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
    const { sequencer, makerUserId } = this.options;
    const previous = await sequencer.read((engine) => engine.openOrders(makerUserId).map((order) => order.id));
    const placements: Array<Promise<unknown>> = [];
    for (const { side, price, qty } of planLadder(index, this.options.lastPrice(), this.random, this.levelsPerSide)) {
      placements.push(
        sequencer.submit({ type: 'placeOrder', userId: makerUserId, side, orderPath: OrderPath.Limit, price, qty }),
      );
    }
    await Promise.all(placements);
    await Promise.all(
      previous.map((orderId) => sequencer.submit({ type: 'cancelOrder', userId: makerUserId, orderId })),
    );
  }

  /** One market order, mostly toward the index, turned back toward flat when the position grows large. */
  async takeOnce(): Promise<void> {
    const { sequencer, takerUserId } = this.options;
    const position = await sequencer.read((engine) => engine.position(takerUserId));
    const { side, qty } = planTake(this.options.indexPrice(), this.options.lastPrice(), position, this.random);
    await sequencer.submit({
      type: 'placeOrder',
      userId: takerUserId,
      side,
      orderPath: OrderPath.Market,
      price: null,
      qty,
    });
  }
}
