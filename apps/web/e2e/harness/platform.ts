// Starts the real platform (apps/server/src/main.ts via tsx) for the browser suite: a fresh temporary DATA_DIR,
// a free port, generous rate limits, and either a fresh database on TEST_DATABASE_URL's server or the
// platform's own embedded PostgreSQL. Waits for /api/v1/server/serverTime; stop() kills it and cleans up.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/main.ts');
const STARTUP_TIMEOUT_MS = 240_000;
const GENEROUS_RATE_LIMIT = '10000/60';

export interface Platform {
  baseUrl: string;
  /** Everything the server printed, for diagnosing a failed start. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** With TEST_DATABASE_URL (or E2E_DATABASE_URL) set, a throw-away database on that server; else none (embedded). */
async function externalDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  process.env.TEST_DATABASE_URL = adminUrl;
  const { createTestDatabase } = await import('@tickline/db/testing');
  const database = await createTestDatabase({ migrate: false });
  return { url: database.url, drop: () => database.drop() };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** `overrides` add to or overrides the variables below (e.g. DEMO_LIQUIDITY=off for a spec that sets up its own book). */
export async function startPlatform(
  log: (line: string) => void = () => undefined,
  overrides: NodeJS.ProcessEnv = {},
): Promise<Platform> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-e2e-'));
  const database = await externalDatabase();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TICKLINE_MODE: 'demo',
    CHAIN_RPC_PORT: '0', // the demo chain on any free port, never a developer's own node on 8545
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_REGISTER: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_CHECK_REGISTER: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_FINDID: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_CHANGE_PASSWORD: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_UPLOAD: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_FEEDBACK: GENEROUS_RATE_LIMIT,
    RATE_LIMIT_REFRESH: GENEROUS_RATE_LIMIT,
    ...overrides,
  };
  delete env.DATABASE_URL;
  delete env.WS_PORT;
  if (database) env.DATABASE_URL = database.url;

  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line.trim()) log(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // SIGTERM lets the server stop its embedded PostgreSQL; SIGKILL if it does not finish.
    child.kill('SIGTERM');
    await waitForExit(child, 20_000);
    await database?.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the platform exited with code ${child.exitCode} during start:\n${output.slice(-4000)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/server/serverTime`);
      const body = (await response.json()) as { code?: number };
      if (body.code === 0) return { baseUrl, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the platform did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`);
}
