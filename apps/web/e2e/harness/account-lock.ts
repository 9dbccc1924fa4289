// With two workers, two tests signed in as one seeded account would move the same balances, orders and alarms at
// once (a deposit test expecting exactly +1,000 USDT while another withdraws). A test holds its account for its whole
// run, so tests of one account still run one at a time, as they did on one worker; other accounts run beside them.
// The lock is a directory (mkdir is atomic) under the run's E2E_LOCK_DIR, holding the owner's pid so that a lock of
// a killed worker is taken over.
//
// The wait for an account is the other test's time, not the waiting test's: it is left out of the test's timeout
// (the fixture's own slot in fixtures.ts, `withAccount` below) and bounded by ACCOUNT_WAIT_MAX_MS instead.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from '@playwright/test';

const POLL_MS = 100;
/**
 * How long a test may wait for an account: the holder is one test on another worker, and the longest test of the
 * suite allows itself 240 s (trader-defects.spec.ts); past this the holder is stuck, or two tests wait on each other.
 */
export const ACCOUNT_WAIT_MAX_MS = 300_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `account` on the platform at `baseUrl` is free, takes it, and returns the release. */
export async function holdAccount(baseUrl: string, account: string): Promise<() => Promise<void>> {
  const root = process.env.E2E_LOCK_DIR;
  if (!root) return async () => undefined; // one process (E2E_BASE_URL given by hand): nothing to share
  const lock = path.join(root, `${new URL(baseUrl).port}-${account}`);
  const giveUpAt = Date.now() + ACCOUNT_WAIT_MAX_MS;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      return () => rm(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
    // No pid yet is a lock being taken right now; a dead owner's lock is stale.
    if (owner > 0 && !alive(owner)) await rm(lock, { recursive: true, force: true });
    else if (Date.now() > giveUpAt)
      throw new Error(`${account} still held by worker process ${owner} after ${ACCOUNT_WAIT_MAX_MS / 1000} s`);
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `work` while holding `account` (for a test that acts as an account it is not signed in as). The wait for the
 * account is added to the test's timeout.
 */
export async function withAccount<T>(baseUrl: string, account: string, work: () => Promise<T>): Promise<T> {
  const info = test.info();
  const timeout = info.timeout;
  const waitFrom = Date.now();
  info.setTimeout(0); // no test timeout while waiting: holdAccount's own bound applies
  let release: () => Promise<void>;
  try {
    release = await holdAccount(baseUrl, account);
  } finally {
    if (timeout > 0) info.setTimeout(timeout + (Date.now() - waitFrom));
  }
  try {
    return await work();
  } finally {
    await release();
  }
}
