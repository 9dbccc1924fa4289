/**
 * bench:reserves — a proof-of-reserves snapshot of 100,000 users (#35: target under 10 s): every user's liability
 * read from the ledger (spot, futures and held balances), the Merkle sum tree with per-user nonces, and the snapshot
 * stored; then the first proof (the tree rebuilt from the stored leaves) and the next ones. The chain's balances are
 * left out (no chain here; on a chain they are one balance call per deposit address). PostgreSQL: BENCH_DATABASE_URL
 * or TEST_DATABASE_URL, else an embedded cluster.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuditKeys } from '../../apps/server/src/app/audit/keys.ts';
import { ReserveProofs, takeReserveSnapshot } from '../../apps/server/src/app/audit/reserves.ts';
import { withBenchDatabase, withBenchServer } from '../database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BUDGET_MS = 10_000;

await withBenchServer(root, 'reserves', (adminUrl) =>
  withBenchDatabase(adminUrl, 'reserves', async (pool) => {
    await pool.query(
      `INSERT INTO users (userid, password_hash, name, phone, referral_code, deposit_address_index, bsc_address,
         created_at, updated_at)
       SELECT 'u' || i || '@bench', 'x', 'U', '010', 'U' || i, i, '0xu' || i, now(), now()
       FROM generate_series(1, $1) AS i`,
      [USERS],
    );
    // Spot and futures for everyone, position margin for one in three.
    await pool.query(
      `INSERT INTO user_balances (user_id, spot, futures, position_margin)
       SELECT id, (id * 7919) % 50000000000, (id * 104729) % 9000000000, CASE WHEN id % 3 = 0 THEN id * 31 ELSE 0 END
       FROM users`,
    );
    await pool.query('ANALYZE');
    const keys = new AuditKeys(Buffer.alloc(32, 1));
    const deps = { pool, keys, assets: null, demo: false };
    const runs: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const { timings, tree } = await takeReserveSnapshot(deps, Date.now());
      const ms = performance.now() - started;
      runs.push(ms);
      console.log(
        `snapshot ${run + 1}: ${ms.toFixed(0)} ms (read ${timings.readMs}, tree ${timings.treeMs}, store ${timings.writeMs})` +
          ` — ${USERS} users, ${tree.leafCount} leaves, root sum ${tree.root.sum} micro-USDT`,
      );
    }
    const proofs = new ReserveProofs(pool, keys);
    let started = performance.now();
    await proofs.proofOf(1);
    console.log(`first proof (tree rebuilt from the stored leaves): ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
    for (let userNo = 2; userNo < 1_002; userNo += 1) await proofs.proofOf(userNo);
    console.log(`next proofs: ${((performance.now() - started) / 1_000).toFixed(2)} ms each (1,000)`);
    const worst = Math.max(...runs);
    console.log(
      `worst snapshot ${worst.toFixed(0)} ms: ${worst < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget`,
    );
    if (worst >= BUDGET_MS) process.exitCode = 1;
  }),
);
