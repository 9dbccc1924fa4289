// Small helpers for the start-up checks that stop a killed server's leftovers (orphan-cluster.ts here, the server's
// anvil-orphan.ts): the same path through links, and waiting for a process to be gone.
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Whether two paths name the same file, links resolved (a path that does not exist compares as written). */
export function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

/** Waits until `isRunning(pid)` is false; answers false when it still runs after `timeoutMs`. */
export async function waitForExit(
  pid: number,
  timeoutMs: number,
  isRunning: (pid: number) => boolean,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
