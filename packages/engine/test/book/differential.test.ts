import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastOrderBook } from '../../src/book/fast-book.ts';
import { BUY, SELL } from '../../src/book/order-book.ts';
import { ReferenceOrderBook } from '../../src/book/reference-book.ts';
import type { Side } from '../../src/types.ts';
import { BookDriver, RecordingListener } from './book-harness.ts';

type BookCommand =
  | { type: 'limit'; ownerId: number; side: Side; price: number; qty: number }
  | { type: 'market'; ownerId: number; side: Side; qty: number; takerCapQty: number }
  | { type: 'cancel'; pick: number };

const side = fc.constantFrom<Side>(BUY, SELL);
const owner = fc.integer({ min: 1, max: 4 });
const command: fc.Arbitrary<BookCommand> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      ownerId: owner,
      side,
      price: fc.integer({ min: 95, max: 105 }),
      qty: fc.integer({ min: 1, max: 10 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('market' as const),
      ownerId: owner,
      side,
      qty: fc.integer({ min: 1, max: 30 }),
      takerCapQty: fc.integer({ min: 0, max: 40 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }) },
);

function run(driver: BookDriver, step: BookCommand) {
  switch (step.type) {
    case 'limit':
      return driver.limit(step.ownerId, step.side, step.price, step.qty);
    case 'market': {
      const listener = new RecordingListener();
      listener.takerCapQty = step.takerCapQty;
      return driver.market(step.ownerId, step.side, step.qty, listener);
    }
    case 'cancel':
      return driver.cancel(driver.lastId === 0 ? 1 : 1 + (step.pick % driver.lastId));
  }
}

describe('fast book against the reference book', () => {
  it('gives identical fills and identical books for the same random commands', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 120 }), (steps) => {
        const reference = new BookDriver(new ReferenceOrderBook());
        const fast = new BookDriver(new FastOrderBook());
        for (const step of steps) {
          expect(run(fast, step)).toEqual(run(reference, step));
          fast.checkInvariants();
          reference.checkInvariants();
          expect(fast.contents()).toEqual(reference.contents());
        }
      }),
      { numRuns: 300 },
    );
  });
});
