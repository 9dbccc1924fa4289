/**
 * The demo maker process against a test platform, as roles/platform.ts runs it: its accounts funded, its keys issued,
 * the platform's `cancel-all-after` job running; `output` gathers what it prints (for failure messages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureLiquidityAccounts } from '../../src/app/demo/liquidity-accounts.ts';
import { issueDemoMakerKeys } from '../../src/app/demo/maker-keys.ts';
import { registerProgramJobs } from '../../src/jobs/program-jobs.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import type { Platform } from './harness.ts';

const MAIN = fileURLToPath(new URL('../../src/demo-maker/main.ts', import.meta.url));

export interface RunningMaker {
  process: ChildProcess;
  makerUserId: number;
  output: () => string;
  stop(): Promise<void>;
}

export async function startDemoMaker(p: Platform, countdownMs: number): Promise<RunningMaker> {
  const ctx = p.t.app.context;
  const scheduler = new Scheduler(ctx.clock);
  registerProgramJobs(scheduler, ctx);
  scheduler.start();
  const accounts = await ensureLiquidityAccounts(ctx);
  for (const userId of [accounts.makerUserId, accounts.takerUserId])
    await p.t.trading.fundDemoUser(userId, 5_000_000 * 1_000_000);
  const file = await issueDemoMakerKeys(ctx, accounts, p.base);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DEMO_MAKER_FILE: file, DEMO_MAKER_COUNTDOWN_MS: String(countdownMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    makerUserId: accounts.makerUserId,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await scheduler.stop();
    },
  };
}

/** Polls `probe` every 250 ms until it answers a value; throws, with what the maker said, after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  maker: RunningMaker,
  probe: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs} ms; maker said: ${maker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
