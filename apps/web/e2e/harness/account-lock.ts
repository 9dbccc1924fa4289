// With two workers, two tests signed in as one seeded account would move the same balances, orders and alarms at
// once (a deposit test expecting exactly +1,000 USDT while another withdraws). A test holds its account for its whole
// run, so tests of one account still run one at a time, as they did on one worker; other accounts run beside them.
// The lock is a directory (mkdir is atomic) under the run's E2E_LOCK_DIR, holding the owner's pid so that a lock of
// a killed worker is taken over.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const POLL_MS = 100;

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
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs `work` while holding `account` (for a test that acts as an account it is not signed in as). */
export async function withAccount<T>(baseUrl: string, account: string, work: () => Promise<T>): Promise<T> {
  const release = await holdAccount(baseUrl, account);
  try {
    return await work();
  } finally {
    await release();
  }
}
