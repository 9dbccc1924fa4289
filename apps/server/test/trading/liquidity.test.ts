import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { Exchange } from '@tickline/engine';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { DemoLiquidity } from '../../src/app/trading/liquidity.ts';
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

beforeAll(async () => {
  database = await createTestDatabase();
  sequencer = await startSequencer(database.pool);
  for (const userId of [MAKER, TAKER])
    await sequencer.submit({ type: 'fund', userId, wallet: 'futures', amount: 5_000_000 * USDT, reason: 'test' });
  await sequencer.submit({ type: 'priceTick', indexPrice: INDEX, markPrice: INDEX });
  liquidity = new DemoLiquidity({
    engine: localCommandGateway(sequencer),
    indexPrice: () => index,
    makerUserId: MAKER,
    takerUserId: TAKER,
  });
});

afterAll(async () => {
  await sequencer.stop();
  await database.drop();
});

describe('demo liquidity', () => {
  it('quotes_25_levels_a_side_around_the_index_without_crossing', async () => {
    await liquidity.requote();
    const depth = await sequencer.read((engine) => engine.depth(50));
    expect(depth.bids).toHaveLength(25);
    expect(depth.asks).toHaveLength(25);
    expect(depth.bids[0]![0]).toBeLessThan(INDEX);
    expect(depth.asks[0]![0]).toBeGreaterThan(INDEX);
  });

  it('requote_replaces_the_ladder_instead_of_piling_orders_up', async () => {
    index = INDEX + 2_000; // +20 USDT
    await liquidity.requote();
    const { orders, depth } = await sequencer.read((engine) => ({
      orders: engine.openOrders(MAKER),
      depth: engine.depth(100),
    }));
    expect(orders).toHaveLength(50);
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

  it('does_nothing_without_an_index_price', async () => {
    index = null;
    const before = await sequencer.read((engine) => engine.openOrders(MAKER).map((order) => order.id));
    await liquidity.requote();
    const after = await sequencer.read((engine) => engine.openOrders(MAKER).map((order) => order.id));
    expect(after).toEqual(before);
  });
});
