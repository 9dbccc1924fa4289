/**
 * The real server (src/main.ts) as a child process, for tests of what only a whole process shows: restart after
 * `kill -9`, shutdown on a signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@tickline/protocol';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_USER = { userid: 'demo@tickline.dev', password: 'Demo1234!' };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far (stdout and stderr). */
  log(): string;
  call<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Envelope<T>>;
  /** Waits until the server answers and the demo member's balances are funded; answers an access token. */
  waitUntilReady(): Promise<string>;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited(): Promise<number | null>;
  killHard(): Promise<void>;
  /**
   * For cleanup: SIGKILL to the server and everything it started (its process group: the embedded PostgreSQL, the
   * local chain), which a `kill -9` of the server alone leaves running.
   */
  killAll(): Promise<void>;
}

/** The server's command line: its sources through tsx (what the tests exercise), or the build `npm start` runs. */
const ENTRY = {
  sources: ['--import', 'tsx', 'src/main.ts'],
  build: ['--conditions=tickline-built', '--enable-source-maps', 'dist/main.js'],
} as const;

/**
 * Starts the server in demo mode on `port`; `env` adds to (or, with undefined, removes from) the test's env. `from`:
 * the sources (default), or the build (`npm run build:server` first).
 */
export function startServerProcess(
  port: number,
  env: Record<string, string | undefined>,
  from: keyof typeof ENTRY = 'sources',
  /** Flags for node itself, before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeFlags: readonly string[] = [],
): ServerProcess {
  const mergedEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TICKLINE_MODE: 'demo',
    CHAIN_RPC_PORT: '0', // the demo chain on any free port: test files run side by side
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete mergedEnv[key];
    else mergedEnv[key] = value;
  }
  // node + the tsx loader directly (not through npx), so a signal hits the server process itself.
  // Its own process group, so that killAll() reaches what it started too.
  const child = spawn(process.execPath, [...nodeFlags, ...ENTRY[from]], {
    cwd: serverDir,
    env: mergedEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return (await response.json()) as Envelope<T>;
  };

  return {
    child,
    port,
    log: () => output,
    call,
    async waitUntilReady() {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const login = await call<{ accessToken: string }>('POST', '/auth/login', undefined, DEMO_USER);
          if (login.code === 0) {
            const balance = await call<{ usdt: number }>('GET', '/user/balance', login.data!.accessToken);
            if (balance.code === 0 && balance.data!.usdt > 0) return login.data!.accessToken;
          }
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`server did not become ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    exited: () => exit,
    async killHard() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exit;
    },
    async killAll() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
      if (child.exitCode === null && child.signalCode === null) await exit;
    },
  };
}
