// Starts the platform once for the whole run (every worker, and a worker restarted after a failure, share it) and
// hands its address to the workers in E2E_BASE_URL. With E2E_BASE_URL already set, that platform is used instead.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from './platform.ts';

const distIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/index.html');

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  if (!existsSync(distIndex))
    throw new Error('apps/web/dist is missing: run `npm run build:web` first (the root `npm run test:browser` does).');
  // The workers' account locks (account-lock.ts), this run's only.
  const lockDir = await mkdtemp(path.join(tmpdir(), 'tickline-e2e-locks-'));
  process.env.E2E_LOCK_DIR = lockDir;
  const startedAt = Date.now();
  const platform = await startPlatform(
    process.env.E2E_VERBOSE ? (line) => console.log(`  [server] ${line}`) : undefined,
  );
  console.log(`Platform ready at ${platform.baseUrl} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  process.env.E2E_BASE_URL = platform.baseUrl;
  return async () => {
    delete process.env.E2E_BASE_URL;
    delete process.env.E2E_LOCK_DIR;
    await platform.stop();
    await rm(lockDir, { recursive: true, force: true });
  };
}
