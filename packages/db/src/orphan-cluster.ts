/**
 * A server killed with SIGKILL leaves its embedded PostgreSQL running, holding the data directory's lock file
 * (postmaster.pid), and the next start could not start the cluster. Before starting, the lock file is read: a live
 * PostgreSQL that serves this very data directory is an orphan of an earlier run and is stopped (fast shutdown,
 * then immediate); a lock file naming anything else is never acted on, and the start fails saying so.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { samePath, waitForExit } from './processes.ts';

/** A start that cannot go on: what failed, and what the operator can do about it. */
export class StartFailure extends Error {
  constructor(
    readonly what: string,
    readonly remedy: string,
  ) {
    super(`${what}\nWhat to do: ${remedy}`);
    this.name = 'StartFailure';
  }
}

const FAST_SHUTDOWN_WAIT_MS = 30_000;
const IMMEDIATE_SHUTDOWN_WAIT_MS = 10_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when we are root and can signal it).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A zombie (Linux state Z or X): exited, waiting for a parent that will never reap it (a kill -9 of both the server
 * and PostgreSQL leaves one where nothing reaps orphans). It answers signal 0 like a live process, so PostgreSQL
 * itself would take its lock file for a running postmaster.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/** The program a process runs (Linux), or null when it cannot be read. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Stops the PostgreSQL left running in `dataDir` by an earlier run; answers its process id, or null when there was
 * none. Throws a StartFailure when the lock file names a live process that is not this directory's PostgreSQL.
 */
export async function stopOrphanedCluster(dataDir: string, log: (line: string) => void): Promise<number | null> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  // postmaster.pid: line 1 the postmaster's process id, line 2 the data directory it serves.
  const [pidLine = '', servedDir = ''] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  // A dead process: PostgreSQL itself replaces a stale lock file.
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  // A zombie postmaster holds nothing, but PostgreSQL would refuse its lock file: remove it for PostgreSQL.
  if (isZombie(pid) && samePath(servedDir, dataDir)) {
    log(`Removing the lock file of PostgreSQL process ${pid}, which exited (a zombie) ...`);
    rmSync(lockFile, { force: true });
    return null;
  }
  const command = commandOf(pid);
  if (!samePath(servedDir, dataDir) || (command !== null && !/postgres/.test(path.basename(command)))) {
    throw new StartFailure(
      `The PostgreSQL data directory ${dataDir} is locked by process ${pid} (${command ?? 'unknown program'}), ` +
        `which is not this directory's PostgreSQL (its lock file names ${servedDir || 'no directory'}).`,
      `stop process ${pid} if it is a PostgreSQL you started for this data directory; if it is unrelated, ` +
        `remove ${lockFile} (only when no PostgreSQL uses ${dataDir}) and start again.`,
    );
  }
  log(`Stopping the orphaned PostgreSQL (pid ${pid}) left running in ${dataDir} by an earlier run ...`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, FAST_SHUTDOWN_WAIT_MS, isAlive)) return pid;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, IMMEDIATE_SHUTDOWN_WAIT_MS, isAlive)) return pid;
  throw new StartFailure(
    `The orphaned PostgreSQL (pid ${pid}) in ${dataDir} did not stop within ` +
      `${(FAST_SHUTDOWN_WAIT_MS + IMMEDIATE_SHUTDOWN_WAIT_MS) / 1000} s.`,
    `stop it yourself (kill -QUIT ${pid}, or kill -9 ${pid} and its children) and start again.`,
  );
}

/** Turns whatever a library rejected with (sometimes undefined) into words. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined || error === null) return 'no reason given';
  return String(error);
}
