import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionRoundTicks } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { Exchange } from '@tickline/engine';
import { settleOverdueOptionRounds } from '../../src/app/trading/settle-overdue-rounds.ts';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { AppError } from '../../src/domain/errors.ts';
import { TradingJobs, type TradingCommands, type PriceFeed, type PriceTick } from '../../src/jobs/trading-jobs.ts';
import { Errors } from '@tickline/protocol';
import type { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { ManualClock, startSequencer } from './helpers/sequencer.ts';

const USDT = 1_000_000;
const MINUTE = 60_000;
const ROUND_START = Date.UTC(2026, 10, 21, 12, 0, 0);
const closeSources = [
  { source: 'simulated', price: 9_000_400, quotedAtMs: ROUND_START + 58_900 },
  { source: 'binance', price: 9_000_500, quotedAtMs: ROUND_START + 58_950 },
  { source: 'other', price: 9_000_600, quotedAtMs: ROUND_START + 58_990 },
];

/** Stand-in for the market data service: prices pushed by the test. */
class StandInFeed implements PriceFeed {
  private last: PriceTick | null = null;
  private readonly listeners = new Set<(tick: PriceTick) => void>();
  fundingRate: number | null = 100;
  push(tick: PriceTick): void {
    this.last = tick;
    for (const listener of this.listeners) listener(tick);
  }
  indexPrice() {
    return this.last?.indexPrice ?? null;
  }
  markPrice() {
    return this.last?.markPrice ?? null;
  }
  fundingRatePpm() {
    return this.fundingRate;
  }
  subscribe(listener: (tick: PriceTick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

let database: TestDatabase;
let clock: ManualClock;
let sequencer: Sequencer<Exchange>;
let feed: StandInFeed;
let jobs: TradingJobs;

/** The start-up settlement of overdue rounds, on the sequencer as it restored. */
const overdue = () => ({
  pool: database.pool,
  engine: localCommandGateway(sequencer),
  lastPrices: sequencer.lastPrices,
  clock,
});

/** Pushes a tick at the clock's time and waits until the sequencer has committed it. */
async function tick(indexPrice: number, indexSources?: PriceTick['indexSources']): Promise<void> {
  feed.push({ indexPrice, markPrice: indexPrice, timeMs: clock.now(), indexSources });
  await sequencer.read(() => null);
  await sequencer.read(() => null);
}

async function optionRow(userId: number) {
  const { rows } = await database.pool.query(
    'SELECT result, result_price, refunded, settled_profit FROM option_orders WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [userId],
  );
  return rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  clock = new ManualClock(ROUND_START + 10_000);
  sequencer = await startSequencer(database.pool, { clock });
  feed = new StandInFeed();
  jobs = new TradingJobs({
    engine: localCommandGateway(sequencer),
    feed,
    clock,
    fundingIntervalMs: 8 * 60 * MINUTE,
    roundAudit: { record: (round) => optionRoundTicks.recordRoundTicks(database.pool, round, clock.now()) },
  });
  jobs.start();
  for (const userId of [1, 2, 3])
    await sequencer.submit({ type: 'fund', userId, wallet: 'futures', amount: 100 * USDT, reason: 'test' });
});
afterAll(async () => {
  jobs.stop();
  await sequencer.stop();
  await database.drop();
});

describe('trading jobs', () => {
  it('forwards price ticks to the engine and stores the last prices', async () => {
    await tick(9_000_000);
    expect(await sequencer.read((engine) => engine.indexPrice)).toBe(9_000_000);
    const { rows } = await database.pool.query(
      "SELECT last_index_price, last_price_at_ms FROM market_prices WHERE symbol = 'BTCUSDT'",
    );
    expect(rows[0]).toEqual({ last_index_price: 9_000_000, last_price_at_ms: clock.now() });
  });

  it('settles a round at its minute boundary with the last index price at or before it', async () => {
    const placed = await sequencer.submit({ type: 'placeOptionOrder', userId: 1, betType: 1, stake: 10 * USDT });
    expect(placed.ok).toBe(true);
    clock.nowMs = ROUND_START + 59_000;
    await tick(9_000_500, closeSources);
    clock.nowMs = ROUND_START + MINUTE + 200;
    await tick(8_000_000); // after the boundary: must not count
    const settled = await jobs.settleRoundEndingAt(ROUND_START + MINUTE);
    expect(settled.status).toBe('applied');
    expect(await optionRow(1)).toMatchObject({ result: 1, result_price: 9_000_500, refunded: false });
    const balance = await sequencer.read((engine) => engine.balances(1));
    expect(balance.futuresAvailable).toBe(90 * USDT + 19_500_000);
    const round = await database.pool.query('SELECT result_price FROM option_rounds WHERE round_start_ms = $1', [
      ROUND_START,
    ]);
    expect(round.rows).toEqual([{ result_price: 9_000_500 }]);
    await expectLedgerInvariants(database.pool);
  });

  it("keeps the settled round's open and close ticks with their sources for the audit, once", async () => {
    const audit = await optionRoundTicks.findRoundAudit(database.pool, ROUND_START);
    expect(audit.settled).toEqual({ resultPrice: 9_000_500, settledAtMs: ROUND_START + MINUTE + 200 });
    // The open tick is the last one at or before the round's start: there is none (the feed began 10 s into it).
    expect(audit.ticks?.open).toBeNull();
    expect(audit.ticks?.close).toEqual({ price: 9_000_500, takenAtMs: ROUND_START + 59_000, sources: closeSources });
    expect(audit.betCount).toBe(1);
    // A settlement retried later keeps the first record.
    clock.nowMs = ROUND_START + MINUTE + 900;
    await tick(7_000_000);
    await jobs.settleRoundEndingAt(ROUND_START + MINUTE);
    expect((await optionRoundTicks.findRoundAudit(database.pool, ROUND_START)).ticks?.close?.price).toBe(9_000_500);
  });

  it('refunds a round whose end has no recent price', async () => {
    const roundStart = ROUND_START + MINUTE;
    clock.nowMs = roundStart + 5_000;
    await tick(8_000_000);
    expect((await sequencer.submit({ type: 'placeOptionOrder', userId: 2, betType: 2, stake: 5 * USDT })).ok).toBe(
      true,
    );
    clock.nowMs = roundStart + MINUTE + 100; // the feed went silent for 55 s
    await jobs.settleRoundEndingAt(roundStart + MINUTE);
    expect(await optionRow(2)).toMatchObject({ result: 3, refunded: true });
    expect((await sequencer.read((engine) => engine.balances(2))).futuresAvailable).toBe(100 * USDT);
  });

  it('settles rounds that ended while the server was down when it starts again', async () => {
    const roundStart = ROUND_START + 2 * MINUTE;
    clock.nowMs = roundStart + 1_000;
    await tick(8_000_000);
    expect((await sequencer.submit({ type: 'placeOptionOrder', userId: 3, betType: 2, stake: 4 * USDT })).ok).toBe(
      true,
    );
    clock.nowMs = roundStart + 55_000;
    await tick(7_999_000);
    jobs.stop();
    await sequencer.stop();

    clock.nowMs = roundStart + 5 * MINUTE; // down for minutes
    sequencer = await startSequencer(database.pool, { clock });
    expect(await settleOverdueOptionRounds(overdue())).toBe(1);
    // The last price before the round's end (55 s into it) is recent enough: short wins.
    expect(await optionRow(3)).toMatchObject({ result: 2, result_price: 7_999_000, refunded: false });
    expect(await settleOverdueOptionRounds(overdue())).toBe(0);
    jobs = new TradingJobs({ engine: localCommandGateway(sequencer), feed, clock, fundingIntervalMs: 8 * 60 * MINUTE });
    await expectLedgerInvariants(database.pool);
  });
});

describe('option rounds whose settlement failed', () => {
  it('settles at the next boundary a round the engine refused because the timer fired before its end', async () => {
    const roundStart = ROUND_START + 10 * MINUTE;
    clock.nowMs = roundStart + 1_000;
    jobs.start();
    await tick(8_000_000);
    await sequencer.submit({ type: 'fund', userId: 4, wallet: 'futures', amount: 100 * USDT, reason: 'test' });
    expect((await sequencer.submit({ type: 'placeOptionOrder', userId: 4, betType: 1, stake: 6 * USDT })).ok).toBe(
      true,
    );
    clock.nowMs = roundStart + 58_000;
    await tick(8_000_100);
    clock.nowMs = roundStart + MINUTE - 1; // a timer firing a millisecond early
    await jobs.settleDueRounds(roundStart + MINUTE);
    expect(await optionRow(4)).toMatchObject({ result: 0 });

    clock.nowMs = roundStart + 2 * MINUTE + 5;
    await jobs.settleDueRounds(roundStart + 2 * MINUTE);
    expect(await optionRow(4)).toMatchObject({ result: 1, result_price: 8_000_100, refunded: false });
    expect((await sequencer.read((engine) => engine.balances(4))).futuresAvailable).toBe(100 * USDT + 5_700_000);
    await expectLedgerInvariants(database.pool);
  });
});

describe('an index the sources stopped quoting', () => {
  it('is not forwarded: bets are refused and the round is refunded instead of settled on the stale price', async () => {
    const roundStart = ROUND_START + 20 * MINUTE;
    clock.nowMs = roundStart + 1_000;
    await tick(8_000_000);
    await sequencer.submit({ type: 'fund', userId: 5, wallet: 'futures', amount: 100 * USDT, reason: 'test' });
    expect((await sequencer.submit({ type: 'placeOptionOrder', userId: 5, betType: 1, stake: 7 * USDT })).ok).toBe(
      true,
    );
    // The sources fall silent at +2 s; the market service keeps publishing the last index every tick.
    const quotedAtMs = roundStart + 2_000;
    for (let at = roundStart + 2_000; at <= roundStart + 58_000; at += 4_000) {
      clock.nowMs = at;
      feed.push({ indexPrice: 8_000_000, markPrice: 8_000_000, timeMs: at, indexQuotedAtMs: quotedAtMs });
      await sequencer.read(() => null);
      await sequencer.read(() => null);
    }
    clock.nowMs = roundStart + 30_000;
    const bet = await sequencer.submit({ type: 'placeOptionOrder', userId: 5, betType: 2, stake: 7 * USDT });
    expect(bet).toMatchObject({ ok: false, reason: 'OPTION_NO_PRICE' });
    clock.nowMs = roundStart + MINUTE + 10;
    await jobs.settleDueRounds(roundStart + MINUTE);
    expect(await optionRow(5)).toMatchObject({ result: 3, refunded: true });
    expect((await sequencer.read((engine) => engine.balances(5))).futuresAvailable).toBe(100 * USDT);
  });
});

describe('funding', () => {
  it('settles each interval at most once, retrying one that could not commit at the next round boundary', async () => {
    const fundingTimeMs = ROUND_START + 8 * 60 * MINUTE;
    clock.nowMs = fundingTimeMs + 5;
    await tick(8_000_000);
    const keys: string[] = [];
    let failNext = true;
    const gateway = localCommandGateway(sequencer);
    const flaky: TradingCommands = {
      send: (command, options) => {
        if (command.type === 'settleFunding') {
          keys.push(options?.idempotencyKey ?? 'no key');
          if (failNext) {
            failNext = false;
            return Promise.reject(new AppError(Errors.SERVICE_BUSY));
          }
        }
        return gateway.send(command, options);
      },
    };
    const fundingJobs = new TradingJobs({ engine: flaky, feed, clock, fundingIntervalMs: 8 * 60 * MINUTE });
    await expect(fundingJobs.settleFundingAt(fundingTimeMs)).rejects.toMatchObject({ code: Errors.SERVICE_BUSY.code });
    clock.nowMs = fundingTimeMs + MINUTE + 5;
    await fundingJobs.settleDueRounds(fundingTimeMs + MINUTE);
    expect(keys).toEqual([`funding:${fundingTimeMs}`, `funding:${fundingTimeMs}`]);
    expect(await fundingJobs.settleFundingAt(fundingTimeMs)).toEqual({ status: 'duplicate' });
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM command_keys WHERE key = $1', [
      `funding:${fundingTimeMs}`,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});
