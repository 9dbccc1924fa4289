// The local EVM node of the default (demo) mode and of the tests: anvil from npm (@foundry-rs/anvil), whose binary
// ships in a per-platform package (@foundry-rs/anvil-<os>-<arch>/bin/anvil) installed as an optional dependency.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { forgetAnvil, recordAnvil, stopOrphanedAnvil } from './anvil-orphan.ts';

const require = createRequire(import.meta.url);

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** Path of the anvil binary installed with npm for this platform. */
export function anvilBinaryPath(): string {
  const key = `${process.platform}-${process.arch}`;
  const packageName = PLATFORM_PACKAGES[key];
  if (!packageName) throw new Error(`anvil has no npm build for ${key}`);
  let packageJson: string;
  try {
    packageJson = require.resolve(`${packageName}/package.json`);
  } catch {
    throw new Error(`${packageName} is not installed: run npm ci (it is an optional dependency of @foundry-rs/anvil)`);
  }
  const binary = path.join(path.dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`);
  return binary;
}

export interface AnvilOptions {
  /** 0: any free port (read back from anvil's "Listening on" line). */
  port: number;
  chainId: number;
  /** Seconds between blocks; undefined = a block per transaction (automine), as tests want. */
  blockTimeSeconds?: number;
  /**
   * Where the chain is kept across restarts (loaded at start, dumped every few seconds and on exit). An anvil an
   * earlier, killed server left running on it is stopped first (anvil-orphan.ts).
   */
  stateFile?: string;
  /** Mnemonic of the ten funded accounts; anvil's development one when unset. */
  mnemonic?: string;
  /** What the start tells the operator (an orphaned anvil stopped); console.log when unset. */
  log?: (line: string) => void;
}

export interface AnvilNode {
  rpcUrl: string;
  /** Stops anvil (SIGTERM lets it dump its state) and waits for it to exit. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const STATE_DUMP_INTERVAL_SECONDS = 5;

export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port), '--chain-id', String(options.chainId)];
  // `finalized` = head − 2, as on BSC with fast finality; the watcher counts confirmations itself either way.
  args.push('--slots-in-an-epoch', '1');
  if (options.mnemonic) args.push('--mnemonic', options.mnemonic);
  if (options.blockTimeSeconds !== undefined) args.push('--block-time', String(options.blockTimeSeconds));
  if (options.stateFile) {
    await mkdir(path.dirname(options.stateFile), { recursive: true });
    await stopOrphanedAnvil(options.stateFile, options.log ?? ((line) => console.log(line)));
    args.push('--state', options.stateFile, '--state-interval', String(STATE_DUMP_INTERVAL_SECONDS));
  }
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const { stateFile } = options;
  if (stateFile && child.pid !== undefined) {
    const pid = child.pid;
    recordAnvil(stateFile, pid);
    child.once('exit', () => forgetAnvil(stateFile, pid));
  }
  const output: string[] = [];
  let listening: string | undefined;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line);
      if (output.length > 50) output.shift();
      listening ??= /Listening on ([\d.]+:\d+)/.exec(line)?.[1];
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const rpcUrl = await waitUntilServing(
      () => listening,
      child,
      exited,
      () => output.join('\n'),
    );
    return { rpcUrl, stop: () => stopProcess(child, exited) };
  } catch (error) {
    await stopProcess(child, exited);
    throw error;
  }
}

/** Waits for anvil's "Listening on" line, then for an answer there; answers the RPC URL. */
async function waitUntilServing(
  listening: () => string | undefined,
  child: ChildProcess,
  exited: Promise<number | null>,
  output: () => string,
): Promise<string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`anvil exited during start (code ${child.exitCode}):\n${output()}`);
    const address = listening();
    const rpcUrl = `http://${address}`;
    if (address)
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        });
        if (response.ok) return rpcUrl;
      } catch {
        // not answering yet
      }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`anvil did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
}
