// The process: configuration → PostgreSQL (DATABASE_URL or embedded) → the platform this process's roles take
// (roles/platform.ts, the composition root: migrations, services, jobs, metrics, listen, demo seed). SIGINT, SIGTERM
// and SIGHUP stop it in reverse order of start, the embedded PostgreSQL last.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePool, createPool, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@tickline/db';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startPlatform } from './roles/platform.ts';
import { resolveSecrets } from './services/secrets/secrets.ts';
import { startFailureText } from './start-failure.ts';

const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const secrets = await resolveSecrets(config);

  // Stopped in reverse order on shutdown, and also when the start fails half-way (port taken, bad migration...), so
  // the embedded cluster is never left running behind a failed start.
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  // Listening from the start, so that a signal during start-up also stops what has started: the writer drains and
  // releases its lock before the pool closes and the embedded cluster stops, never the other way round.
  let stopping = false;
  let embedded: EmbeddedPostgresHandle | undefined;
  /** Stops in order and exits: 0 after a signal, 1 after a fatal fault (a supervisor then restarts the server). */
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    // Set now: a stop that waits on a connection the dead database will never answer can leave the event loop
    // empty, and node then exits by itself, with this code rather than 0.
    process.exitCode = exitCode;
    console.log(`${signal}: shutting down`);
    const forced = setTimeout(() => {
      console.error('shutdown took longer than 15 s: exiting without waiting');
      embedded?.stopWithoutWaiting();
      process.exit(1);
    }, 15_000);
    forced.unref();
    try {
      await stopAll();
    } finally {
      process.exit(exitCode);
    }
  };
  // The trading writer lost the database (PostgreSQL died or restarted) and never writes again: the process exits for
  // a restart, which restores from what was committed; until then requests get 503 (http/database-unavailable.ts).
  const fatal = (reason: string) => {
    console.error(
      `${reason}. Exiting with code 1 to be restarted. What to do: run the server under a supervisor that restarts ` +
        'it (systemd, a container restart policy), or start it again once PostgreSQL is back.',
    );
    void shutdown('fatal', 1);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  // The one process starts an embedded PostgreSQL without DATABASE_URL; a cluster's processes share DATABASE_URL.
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} ...`);
    const starting = startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), stopOnSignals: false });
    // A signal while the cluster starts waits for it, then stops it.
    stops.push(async () => (await starting.catch(() => undefined))?.stop());
    embedded = await starting;
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl);
  stops.push(() => closePool(pool));
  try {
    await startPlatform(config, secrets, pool, { stops, fatal, webDistDir: WEB_DIST_DIR });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(startFailureText(error));
  process.exit(1);
});
