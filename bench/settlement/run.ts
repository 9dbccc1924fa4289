/**
 * bench:settlement — one KST day settled for 100,000 members under a 7-level partner tree (#20: target under 10 s),
 * side by side with the naive way (one recursive query per member for its chain), measured on a sample and given
 * per member. PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else an embedded cluster.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from '@tickline/db';
import { PartnerSettlements } from '../../apps/server/src/app/partners/settlements.ts';
import { kstDay } from '../../apps/server/src/app/partners/days.ts';
import { withBenchDatabase, withBenchServer } from '../database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const NAIVE_SAMPLE = 1_000;
const BUDGET_MS = 10_000;
const DAY_MS = 24 * 3600 * 1000;

/** Partners as a binary tree from one level 7 down to 32 level 2s (63 partners, 50 % → 80 % of the parent each). */
async function insertTree(pool: Pool): Promise<number[]> {
  const ids: number[][] = [];
  let parents: Array<{ id: number | null; rate: number }> = [{ id: null, rate: 0 }];
  for (let level = 7; level >= 2; level--) {
    const next: Array<{ id: number; rate: number }> = [];
    for (const parent of parents)
      for (let child = 0; child < (level === 7 ? 1 : 2); child++) {
        const rate = level === 7 ? 5_000 : Math.floor((parent.rate * 80) / 100);
        const index = 1_000_000 + next.length + level * 1_000;
        const { rows } = await pool.query<{ id: number }>(
          `INSERT INTO users (userid, password_hash, name, phone, level, referral_code, referrer_id, deposit_address_index,
             bsc_address, fee_rate_bps, parents_distribute_percent, created_at, updated_at)
           VALUES ($1, 'x', 'P', '010', $2, $3, $4, $5, $6, $7, 80, now(), now()) RETURNING id::int`,
          [`p${index}@bench`, level, `P${index}`, parent.id, index, `0xp${index}`, rate],
        );
        next.push({ id: rows[0]!.id, rate });
      }
    ids.push(next.map((p) => p.id));
    parents = next;
  }
  return ids[ids.length - 1]!;
}

/** Members spread over the level 2s, and a day of postings: a taker fee and a lost option stake each. */
async function insertMembersAndDay(pool: Pool, leaves: number[], dayStart: Date): Promise<void> {
  await pool.query(
    `INSERT INTO users (userid, password_hash, name, phone, referral_code, referrer_id, deposit_address_index, bsc_address,
       created_at, updated_at)
     SELECT 'm' || i || '@bench', 'x', 'M', '010', 'M' || i, ($1::bigint[])[1 + i % array_length($1::bigint[], 1)], i,
       '0xm' || i, now(), now()
     FROM generate_series(1, $2) AS i`,
    [leaves, MEMBERS],
  );
  await pool.query(
    `INSERT INTO ledger_postings (batch_id, seq, debit, credit, amount, kind, ref, created_at)
     SELECT 1, (row_number() OVER ())::int, debit, credit, amount, kind, 'bench', $1::timestamptz + interval '1 hour'
     FROM (
       SELECT 'user:' || id || ':futures' AS debit, 'house:fee_revenue' AS credit, 1000 + id % 5000 AS amount,
              'trading_fee' AS kind FROM users WHERE userid LIKE 'm%@bench'
       UNION ALL
       SELECT 'user:' || id || ':option_stake', 'house:option_pool', 10000000, 'option_stake'
       FROM users WHERE userid LIKE 'm%@bench'
     ) AS day`,
    [dayStart],
  );
}

/** The naive way: a recursive query per member for the partners above it, the shares summed in the client. */
async function naivePerMemberMs(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id::int FROM users WHERE userid LIKE 'm%@bench' ORDER BY id LIMIT $1`,
    [NAIVE_SAMPLE],
  );
  const started = performance.now();
  for (const { id } of rows)
    await pool.query(
      `WITH RECURSIVE chain AS (
         SELECT id, referrer_id, level, fee_rate_bps FROM users WHERE id = (SELECT referrer_id FROM users WHERE id = $1)
         UNION ALL SELECT u.id, u.referrer_id, u.level, u.fee_rate_bps FROM users u JOIN chain c ON u.id = c.referrer_id)
       SELECT id, fee_rate_bps FROM chain WHERE level >= 2`,
      [id],
    );
  return (performance.now() - started) / rows.length;
}

async function main() {
  await withBenchServer(root, 'settlement', (adminUrl) =>
    withBenchDatabase(adminUrl, 'settlement', async (pool) => {
      const now = Date.now();
      const day = kstDay(now - DAY_MS);
      const dayStart = new Date(Date.parse(`${day}T00:00:00.000Z`) - 9 * 3600 * 1000);
      const leaves = await insertTree(pool);
      await insertMembersAndDay(pool, leaves, dayStart);
      await pool.query('ANALYZE');
      // The ledger step is the sequencer's (idempotent per day); here only what it is asked for is recorded.
      const accruals: number[] = [];
      const settlements = new PartnerSettlements(pool, { now: () => now }, async (_day, amount) => {
        accruals.push(amount);
      });
      const started = performance.now();
      const total = await settlements.settleDay(day);
      const settleMs = performance.now() - started;
      const again = performance.now();
      await settlements.settleDay(day);
      const againMs = performance.now() - again;
      const naiveMs = await naivePerMemberMs(pool);
      const oursPerMember = settleMs / MEMBERS;
      console.log(
        `bench:settlement — ${MEMBERS.toLocaleString('en-US')} members, 63 partners over levels 7…2, one day`,
      );
      console.log(
        `tickline: day settled in ${settleMs.toFixed(0)} ms (${(oursPerMember * 1000).toFixed(1)} µs per member),`,
      );
      console.log(
        `  total ${total} micro-USDT to payable; a second run ${againMs.toFixed(1)} ms writes no row and asks the ledger for the
  same day again (${accruals.join(' = ')}), which its idempotency key refuses as a duplicate`,
      );
      console.log(
        `naive (a recursive chain query per member, ${NAIVE_SAMPLE} sampled): ${(naiveMs * 1000).toFixed(0)} µs per member`,
      );
      console.log(
        `ratio naive/tickline per member: ${(naiveMs / oursPerMember).toFixed(1)}×; budget ${BUDGET_MS} ms: ${settleMs <= BUDGET_MS ? 'met' : 'MISSED'}`,
      );
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
