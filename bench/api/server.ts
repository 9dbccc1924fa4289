// The platform under test for bench:api: the real server (apps/server/src/main.ts) as a child process of its own,
// demo liquidity off, the per-user and per-key order budgets raised for the bench only; optionally with --cpu-prof.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The last 64 KB the server printed. */
  tail(): string;
  /** SIGTERM (the server's own shutdown, which writes a --cpu-prof profile), then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL to the server's process group (what it started too). */
  kill(): void;
}

export const BENCH_SERVER_ENV = {
  TICKLINE_MODE: 'demo',
  DEMO_LIQUIDITY: 'off',
  MARKET_BACKFILL: 'false',
  CHAIN_RPC_PORT: '0',
  JWT_SECRET: 'bench-api-secret-0123456789abcdefghijklmnopq',
  RATE_LIMIT_ORDER: '100000000/10',
  RATE_LIMIT_CANCEL: '100000000/10',
  RATE_LIMIT_API_KEY: '100000000/10',
  RATE_LIMIT_API_USER: '100000000/10',
  RATE_LIMIT_LOGIN: '1000/60',
  // Creating the traders' API keys counts against the sensitive-address budget (5 per 15 minutes by default).
  RATE_LIMIT_CHANGE_PASSWORD: '1000/60',
};

export function startBenchServer(
  root: string,
  options: { port: number; databaseUrl: string; dataDir: string; profileDir?: string; env?: Record<string, string> },
): BenchServer {
  const serverDir = path.join(root, 'apps/server');
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...BENCH_SERVER_ENV,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The server runs detached (its own process group): a bench stopped from outside (Ctrl-C, `timeout`) must not leave
  // it running, holding its database sessions open (a session left mid-COPY blocks DROP DATABASE on the host).
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  };
  process.once('exit', killGroup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killGroup();
      process.exit(130);
    });
  return {
    child,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${options.port}`,
    tail: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: killGroup,
  };
}
