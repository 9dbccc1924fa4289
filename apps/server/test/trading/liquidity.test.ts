import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { Exchange } from '@tickline/engine';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { DemoLiquidity } from '../../src/app/trading/liquidity.ts';
import { LEVELS_PER_SIDE, MAKER_LEVERAGE } from '../../src/app/demo/quotes.ts';
import type { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { startSequencer } from './helpers/sequencer.ts';

const USDT = 1_000_000;
const MAKER = 901;
const TAKER = 902;
const INDEX = 10_000_000; // 100,000.00 USDT

let database: TestDatabase;
let sequencer: Sequencer<Exchange>;
let index: number | null = INDEX;
let liquidity: DemoLiquidity;
let last: number | null = null;

/** The last trade's price, as the market service reads it from the engine's published trades. */
async function readLast(): Promise<number | null> {
  const { rows } = await database.pool.query<{ price: number }>('SELECT price FROM trades ORDER BY id DESC LIMIT 1');
  return rows[0]?.price ?? null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  sequencer = await startSequencer(database.pool);
  for (const userId of [MAKER, TAKER])
    await sequencer.submit({ type: 'fund', userId, wallet: 'futures', amount: 5_000_000 * USDT, reason: 'test' });
  await sequencer.submit({ type: 'priceTick', indexPrice: INDEX, markPrice: INDEX });
  await sequencer.submit({ type: 'setLeverage', userId: MAKER, leverage: MAKER_LEVERAGE });
  liquidity = new DemoLiquidity({
    engine: localCommandGateway(sequencer),
    indexPrice: () => index,
    lastPrice: () => last,
    makerUserId: MAKER,
    takerUserId: TAKER,
  });
});

afterAll(async () => {
  await sequencer.stop();
  await database.drop();
});

describe('demo liquidity', () => {
  it('quotes_40_levels_a_side_around_the_index_without_crossing_thin_at_the_touch_thicker_deeper', async () => {
    await liquidity.requote();
    const depth = await sequencer.read((engine) => engine.depth(100));
    expect(depth.bids).toHaveLength(LEVELS_PER_SIDE);
    expect(depth.asks).toHaveLength(LEVELS_PER_SIDE);
    expect(depth.bids[0]![0]).toBeLessThan(INDEX);
    expect(depth.asks[0]![0]).toBeGreaterThan(INDEX);
    // #28 item 6: a book a trader believes: the ten levels shown hold BTC, not hundredths, and size grows with depth.
    for (const side of [depth.bids, depth.asks]) {
      const lots = side.map(([, qty]) => qty);
      const sum = (from: number, to: number) => lots.slice(from, to).reduce((a, b) => a + b, 0);
      expect(sum(0, 10)).toBeGreaterThan(20_000); // 2 BTC
      expect(sum(30, 40)).toBeGreaterThan(sum(0, 10) * 2);
    }
  });

  it('requote_replaces_the_ladder_instead_of_piling_orders_up', async () => {
    index = INDEX + 2_000; // +20 USDT
    await liquidity.requote();
    const { orders, depth } = await sequencer.read((engine) => ({
      orders: engine.openOrders(MAKER),
      depth: engine.depth(100),
    }));
    expect(orders).toHaveLength(2 * LEVELS_PER_SIDE);
    expect(depth.bids[0]![0]).toBeLessThan(index);
    expect(depth.asks[0]![0]).toBeGreaterThan(index);
    expect(depth.bids[0]![0]).toBeLessThan(depth.asks[0]![0]);
  });

  it('taker_trades_against_the_ladder_and_the_ledger_stays_balanced', async () => {
    for (let i = 0; i < 5; i += 1) await liquidity.takeOnce();
    const { rows } = await database.pool.query('SELECT count(*)::int AS trades FROM trades');
    expect(rows[0].trades).toBeGreaterThan(0);
    await expectLedgerInvariants(database.pool);
  });

  it('keeps_the_last_trade_inside_the_spread_while_the_index_moves_and_follows_it', async () => {
    // #28 item 6: the index runs 150 USDT away in steps of 10 (two levels); after each requote the last trade is
    // between best bid and best ask, and the trades walk after the index.
    for (let round = 0; round < 40; round += 1) {
      index = INDEX + 2_000 + Math.min(round, 15) * 1_000;
      last = await readLast();
      await liquidity.requote();
      const top = await sequencer.read((engine) => engine.depth(1));
      if (last !== null) {
        expect(top.bids[0]![0]).toBeLessThanOrEqual(last);
        expect(top.asks[0]![0]).toBeGreaterThanOrEqual(last);
      }
      await liquidity.takeOnce();
    }
    expect(Math.abs((await readLast())! - index!)).toBeLessThan(3_000); // within 30 USDT of the index
    await expectLedgerInvariants(database.pool);
  });

  it('does_nothing_without_an_index_price', async () => {
    index = null;
    const before = await sequencer.read((engine) => engine.openOrders(MAKER).map((order) => order.id));
    await liquidity.requote();
    const after = await sequencer.read((engine) => engine.openOrders(MAKER).map((order) => order.id));
    expect(after).toEqual(before);
  });
});
