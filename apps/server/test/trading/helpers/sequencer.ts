import { Exchange, type ExchangeConfig } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import { Sequencer } from '../../../src/services/sequencer/sequencer.ts';
import type { Clock } from '../../../src/clock.ts';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(public nowMs = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.nowMs;
  }
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

export function startSequencer(
  pool: Pool,
  options: { clock?: Clock; config?: Partial<ExchangeConfig>; maxBatchSize?: number } = {},
): Promise<Sequencer<Exchange>> {
  return Sequencer.start({
    pool,
    createEngine: (snapshot) => Exchange.fromSnapshot(snapshot, options.config),
    clock: options.clock ?? new ManualClock(),
    maxBatchSize: options.maxBatchSize,
  });
}
