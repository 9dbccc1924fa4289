/**
 * The benchmark's market: a 20-level book a side that changes about 1,000 times a second (seeded, so both
 * servers see the same kind of changes) and a ticker. Integers as in the real engine: ticks and lots.
 */
import { SeededRandom } from '../../apps/server/src/services/market/prng.ts';
import type { BookSnapshot } from '../../apps/server/src/services/market/types.ts';
import type { TickerData } from '../../packages/protocol/src/ws.ts';

export const LEVELS = 20;
const MID_TICKS = 6_700_000;

export class ChurningBook {
  readonly book: BookSnapshot;
  private readonly random = new SeededRandom(42);
  private timer: NodeJS.Timeout | null = null;
  changes = 0;

  constructor(private readonly onChange: () => void) {
    this.book = {
      bids: Array.from({ length: LEVELS }, (_, i) => ({ price: MID_TICKS - 1 - i * 5, qty: 1_000 + i * 137 })),
      asks: Array.from({ length: LEVELS }, (_, i) => ({ price: MID_TICKS + 1 + i * 5, qty: 1_000 + i * 151 })),
    };
  }

  /** 10 changes every 10 ms: about 1,000 a second. */
  start(): void {
    this.timer = setInterval(() => {
      for (let i = 0; i < 10; i += 1) {
        const side = this.random.next() < 0.5 ? this.book.bids : this.book.asks;
        const level = side[Math.floor(this.random.next() * LEVELS)]!;
        level.qty = 1 + Math.floor(this.random.next() * 50_000);
        this.changes += 1;
        this.onChange();
      }
    }, 10);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

export function benchTicker(): TickerData {
  return {
    close: 67_000.01,
    percentChange: 1.23,
    markPrice: 67_003.35,
    indexPrice: 67_000,
    fundingRate: 0.0001,
    fundingTime: 1_795_305_600_000,
    high: 68_123.45,
    low: 65_987.65,
    volume: 1_234.5678,
  };
}
