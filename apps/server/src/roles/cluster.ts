import http from 'node:http';
import { closePool, createPool, migrate } from '@tickline/db';
import type { Config, ProcessRole } from '../config.ts';
import { NatsBus } from '../services/bus/nats-bus.ts';
import { METRICS_CONTENT_TYPE } from '../services/metrics/registry.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import { startEngineRole } from './engine-role.ts';
import { processMetrics } from './metrics.ts';
import { startNodeRoles } from './node-roles.ts';

export interface ClusterLifecycle {
  stops: Array<() => Promise<void>>;
  fatal(reason: string): void;
  webDistDir: string;
}

/**
 * One process of a cluster (TICKLINE_ROLE other than `all`): PostgreSQL at DATABASE_URL and NATS at BUS_URL shared
 * with the other processes; the engine role (active or standby) and/or the roles around it; /metrics on PORT.
 */
export async function runCluster(
  config: Config,
  roles: readonly ProcessRole[],
  secrets: Secrets,
  life: ClusterLifecycle,
) {
  const { stops } = life;
  const pool = createPool(config.databaseUrl!);
  stops.push(() => closePool(pool));
  const applied = await migrate(pool);
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s).`);
  const bus = await NatsBus.connect(config.busUrl!, `tickline ${roles.join('+')} ${process.pid}`);
  stops.push(() => bus.close());
  const metrics = processMetrics(roles, bus);

  if (roles.includes('engine')) {
    const engine = startEngineRole({ config, pool, bus, metrics, log: (line) => console.log(line), fatal: life.fatal });
    stops.push(() => engine.stop());
    engine.active.catch((error: unknown) => life.fatal(`The engine could not start: ${String(error)}`));
  }
  const nodeRoles = roles.filter((role) => role !== 'engine');
  if (nodeRoles.length > 0) {
    const app = await startNodeRoles({
      config,
      roles: nodeRoles,
      pool,
      secrets,
      bus,
      metrics,
      webDistDir: life.webDistDir,
      stops,
    });
    await app.listen({ port: config.port, host: config.host });
  } else {
    // The engine alone has no HTTP API: its port answers /metrics only.
    const server = http.createServer((request, response) => {
      if (request.url !== '/metrics') return void response.writeHead(404).end();
      void metrics.render().then((text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text));
    });
    await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  }
  console.log(`Tickline ${roles.join('+')} (pid ${process.pid}) on port ${config.port}, bus ${config.busUrl}`);
}
