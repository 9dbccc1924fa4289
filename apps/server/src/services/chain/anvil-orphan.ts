// A server killed with SIGKILL leaves the anvil it started running: it keeps its port (the next start fails with
// "Address already in use" on a fixed CHAIN_RPC_PORT) and keeps dumping its chain into the state file every few
// seconds, over the chain of the anvil started next — a later start could then load a chain that lost the newer
// deposits and withdrawals. So each anvil with a state file is recorded in `anvil.pid` beside it; a start stops the
// recorded anvil first when it is an orphan (its server is gone) running on this very state file — SIGTERM, which
// makes it save its chain — and never touches anything else.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { samePath, StartFailure, waitForExit } from '@tickline/db';

interface Recorded {
  /** The anvil's process id. */
  anvil: number;
  /** The process id of the server that started it. */
  server: number;
}

const SAVE_WAIT_MS = 15_000;
const KILL_WAIT_MS = 5_000;

/** Where the anvil keeping `stateFile` is recorded. */
export function anvilPidFile(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'anvil.pid');
}

export function recordAnvil(stateFile: string, anvil: number): void {
  writeFileSync(anvilPidFile(stateFile), `${JSON.stringify({ anvil, server: process.pid } satisfies Recorded)}\n`);
}

/** Forgets the anvil of `stateFile` once it stopped (only the one recorded: a newer record stays). */
export function forgetAnvil(stateFile: string, anvil: number): void {
  if (readRecord(stateFile)?.anvil === anvil) rmSync(anvilPidFile(stateFile), { force: true });
}

function readRecord(stateFile: string): Recorded | null {
  try {
    const record = JSON.parse(readFileSync(anvilPidFile(stateFile), 'utf8')) as Partial<Recorded>;
    const valid = (pid: unknown) => Number.isSafeInteger(pid) && (pid as number) > 0;
    return valid(record.anvil) && valid(record.server) ? (record as Recorded) : null;
  } catch {
    return null;
  }
}

/** Linux /proc/<pid>/stat: the state letter and the parent's process id, or null when it cannot be read. */
function statOf(pid: number): { state: string; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, parent: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** Alive and not a zombie (an exited process waiting to be reaped holds neither the port nor the file). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statOf(pid)?.state;
  return state !== 'Z' && state !== 'X';
}

/** Whether `pid` runs anvil on `stateFile` (Linux: its command line); false when that cannot be told. */
function isAnvilOf(pid: number, stateFile: string): boolean {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const state = argv[argv.indexOf('--state') + 1];
  return /^anvil(\.exe)?$/.test(path.basename(argv[0] ?? '')) && state !== undefined && samePath(state, stateFile);
}

/**
 * Stops the anvil an earlier, killed server left running on `stateFile`, letting it save its chain first; answers
 * its process id, or null when there was none. A recorded anvil whose server still runs is another live server's on
 * this data directory: the start fails saying so.
 */
export async function stopOrphanedAnvil(stateFile: string, log: (line: string) => void): Promise<number | null> {
  const record = readRecord(stateFile);
  if (!record || !isRunning(record.anvil) || !isAnvilOf(record.anvil, stateFile)) return null;
  const { anvil, server } = record;
  if (server !== process.pid && isRunning(server) && statOf(anvil)?.parent === server)
    throw new StartFailure(
      `The local chain of ${path.dirname(stateFile)} is in use by anvil (pid ${anvil}) of a Tickline server that is ` +
        `still running (pid ${server}).`,
      `stop that server (kill ${server}) before starting another one on the same DATA_DIR, or give this one its own.`,
    );
  log(
    `Stopping the orphaned anvil (pid ${anvil}) left running on ${stateFile} by an earlier run; it saves its chain ...`,
  );
  process.kill(anvil, 'SIGTERM');
  if (await waitForExit(anvil, SAVE_WAIT_MS, isRunning)) return anvil;
  log(`The orphaned anvil (pid ${anvil}) did not stop within ${SAVE_WAIT_MS / 1000} s: killing it`);
  process.kill(anvil, 'SIGKILL');
  if (await waitForExit(anvil, KILL_WAIT_MS, isRunning)) return anvil;
  throw new StartFailure(
    `The orphaned anvil (pid ${anvil}) on ${stateFile} did not stop.`,
    `stop it yourself (kill -9 ${anvil}) and start again.`,
  );
}
