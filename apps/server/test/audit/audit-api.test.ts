// The audit API (#35) on a real app and PostgreSQL: the round log derived from stored settlements (no round skipped or
// doubled, however often and concurrently it is extended), its signed head, and the proof of reserves whose sums are
// the ledger's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOptionRounds, optionRoundTicks } from '@tickline/db';
import {
  ROUND_LOG_GENESIS,
  verifyReservesProof,
  verifyRoundChain,
  type ReservesProof,
  type RoundRecord,
} from '@tickline/verify';
import { headSignatureHolds, type AuditKeyAnswer, type ReservesAnswer } from '@tickline/verify/cli';
import { auditServiceOf } from '../../src/app/audit/service.ts';
import { TICKS_GRACE_MS } from '../../src/app/audit/round-log.ts';
import { createTestApp, get, post, registerAndLogin, type TestApp, promoteToOperator } from '../helpers/test-app.ts';

const USDT = 1_000_000;
const MINUTE = 60_000;
let t: TestApp;
let start: number;

const tick = (price: number, atMs: number) => ({ price, takenAtMs: atMs, sources: [] });

async function settle(roundStartMs: number, open: number | null, close: number | null, ticks = true): Promise<void> {
  const settledAtMs = t.clock.now();
  await insertOptionRounds(t.pool, [{ roundStartMs, resultPrice: close, settledAtMs }]);
  if (ticks)
    await optionRoundTicks.recordRoundTicks(
      t.pool,
      {
        roundStartMs,
        open: open === null ? null : tick(open, roundStartMs),
        close: close === null ? null : tick(close, roundStartMs + MINUTE),
      },
      settledAtMs,
    );
}

async function ledgerUserSum(userId?: number): Promise<bigint> {
  const { rows } = await t.pool.query<{ sum: string | null }>(
    `SELECT sum(balance)::text AS sum FROM ledger_accounts WHERE id LIKE $1`,
    [userId === undefined ? 'user:%' : `user:${userId}:%`],
  );
  return BigInt(rows[0]!.sum ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  start = Math.floor(t.clock.now() / MINUTE) * MINUTE - 10 * MINUTE;
});
afterAll(async () => {
  await t.close();
});

describe('round log', () => {
  it('chains every settled round once, in order, waiting for ticks that are on their way', async () => {
    await settle(start, 4_321_050, 4_321_100); // higher
    await settle(start + MINUTE, 4_321_100, 4_320_000); // lower
    await settle(start + 2 * MINUTE, 4_320_000, 4_320_000); // equal: refunded
    await settle(start + 3 * MINUTE, null, null, false); // settled at a restart without a price
    const audit = auditServiceOf(t.app.context);
    t.clock.advance(TICKS_GRACE_MS);
    await settle(start + 4 * MINUTE, 4_320_000, 4_330_000, false); // its ticks are not written yet
    // Two writers at once (a failover), then again: each round once.
    const appended = await Promise.all([audit.extendLog(), audit.extendLog(), audit.extendLog()]);
    expect(appended.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await audit.extendLog()).toBe(0);
    t.clock.advance(TICKS_GRACE_MS);
    expect(await audit.extendLog()).toBe(1);

    const answer = await get<{ rounds: RoundRecord[] }>(t.app, '/audit/rounds?from=1&limit=10');
    expect(answer.body.code).toBe(0);
    const rounds = answer.body.data!.rounds;
    expect(
      rounds.map(({ roundStartMs, openPrice, closePrice, result }) => [
        roundStartMs - start,
        openPrice,
        closePrice,
        result,
      ]),
    ).toEqual([
      [0, 43210.5, 43211, 1],
      [MINUTE, 43211, 43200, 2],
      [2 * MINUTE, 43200, 43200, 3],
      [3 * MINUTE, 0, 0, 3],
      [4 * MINUTE, 0, 43300, 3],
    ]);
    expect(rounds[0]!.prevHash).toBe(ROUND_LOG_GENESIS);
    expect(await verifyRoundChain(rounds)).toEqual({ ok: true, count: 5, head: rounds[4]!.hash });

    const page = (await get<{ rounds: RoundRecord[] }>(t.app, '/audit/rounds?from=3&limit=2')).body.data!.rounds;
    expect(page.map((record) => record.seq)).toEqual([3, 4]);
    expect((await verifyRoundChain(page, rounds[1]!.hash, 3)).ok).toBe(true);
    const one = (await get<{ rounds: RoundRecord[] }>(t.app, `/audit/rounds?round=${start + 2 * MINUTE}`)).body.data!;
    expect(one.rounds).toEqual(rounds.slice(1, 3));
    expect((await get(t.app, '/audit/rounds?limit=1001')).body.code).toBe(1001);
  });

  it('signs the head with the key it publishes, and a tampered record breaks the chain there', async () => {
    const key = (await get<AuditKeyAnswer>(t.app, '/audit/key')).body.data!;
    const rounds = (await get<{ rounds: RoundRecord[] }>(t.app, '/audit/rounds')).body.data!.rounds;
    expect(key).toMatchObject({ algorithm: 'Ed25519', genesis: ROUND_LOG_GENESIS, anchor: null });
    expect(key.head).toMatchObject({ count: 5, hash: rounds[4]!.hash });
    expect(headSignatureHolds(key)).toBe(true);
    expect(headSignatureHolds({ ...key, head: { ...key.head, count: 4 } })).toBe(false);

    const tampered = structuredClone(rounds);
    tampered[1]!.closePrice = 43300; // a lost round made a win: its result no longer follows
    tampered[1]!.result = 1;
    expect(await verifyRoundChain(tampered)).toMatchObject({ ok: false, seq: 2, reason: 'hash' });
    await expect(t.pool.query('UPDATE audit_round_log SET result = 1 WHERE seq = 2')).rejects.toThrow(/never changed/);
  });
});

describe('proof of reserves', () => {
  let users: Array<Awaited<ReturnType<typeof registerAndLogin>>>;

  beforeAll(async () => {
    users = [await registerAndLogin(t.app), await registerAndLogin(t.app), await registerAndLogin(t.app)];
    await t.trading.fundDemoUser(users[0]!.userId, 1_234 * USDT + 5);
    await t.trading.fundDemoUser(users[1]!.userId, 77 * USDT);
    await t.sequencer.submit({
      type: 'fund',
      userId: users[1]!.userId,
      wallet: 'futures',
      amount: 3 * USDT + 1,
      reason: 't',
    });
  });

  it("answers the root, whose sum is the ledger's users' total, and each user's proof climbs to it", async () => {
    const reserves = (await get<ReservesAnswer & { demo: boolean }>(t.app, '/reserves')).body.data!;
    expect(BigInt(reserves.root.sum)).toBe(await ledgerUserSum());
    expect(reserves.assets).toEqual({ hotWallet: '0', depositAddresses: '0', total: '0' });
    expect(reserves).toMatchObject({ ratio: 0, demo: true, at: t.clock.now() });
    for (const user of users) {
      const answer = await get<ReservesProof>(t.app, '/user/reserves/proof', user.accessToken);
      expect(answer.body.code).toBe(0);
      const proof = answer.body.data!;
      expect(BigInt(proof.leaf.balanceMicro)).toBe(await ledgerUserSum(user.userId));
      expect(proof.root).toEqual(reserves.root);
      expect(await verifyReservesProof(proof, user.userId)).toEqual({ ok: true, root: reserves.root });
      expect(
        (await verifyReservesProof(proof, users[0]!.userId === user.userId ? users[1]!.userId : users[0]!.userId)).ok,
      ).toBe(false);
    }
    expect((await get(t.app, '/user/reserves/proof')).body.code).toBe(40000);
  });

  it('a user who joined after the snapshot is in the next one, which an operator takes on demand', async () => {
    const late = await registerAndLogin(t.app);
    await t.trading.fundDemoUser(late.userId, 5 * USDT);
    expect((await get(t.app, '/user/reserves/proof', late.accessToken)).body.code).toBe(11001);
    expect((await post(t.app, '/admin/reserves/snapshot', {}, late.accessToken)).body.code).not.toBe(0);
    await promoteToOperator(t, { id: users[0]!.userId });
    t.clock.advance(1_000);
    const taken = await post<ReservesAnswer & { timings: object }>(
      t.app,
      '/admin/reserves/snapshot',
      {},
      users[0]!.accessToken,
    );
    expect(taken.body.code).toBe(0);
    expect(BigInt(taken.body.data!.root.sum)).toBe(await ledgerUserSum());
    expect((await get<ReservesAnswer>(t.app, '/reserves')).body.data!.root).toEqual(taken.body.data!.root);
    const proof = (await get<ReservesProof>(t.app, '/user/reserves/proof', late.accessToken)).body.data!;
    expect(BigInt(proof.leaf.balanceMicro)).toBe(await ledgerUserSum(late.userId));
    expect(BigInt(proof.leaf.balanceMicro)).toBeGreaterThanOrEqual(BigInt(5 * USDT));
    expect((await verifyReservesProof(proof, late.userId)).ok).toBe(true);
  });
});
