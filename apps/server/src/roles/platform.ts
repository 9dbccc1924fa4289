// The composition root: the one place that builds the platform from the configuration. Services are built once
// (platform-services.ts), every clock is registered on one scheduler (platform-jobs.ts) and every metric on one
// registry (metrics.ts); TICKLINE_ROLE only chooses which parts this process starts: all of them in the one process
// (`all`), or a cluster's engine, api, ws and jobs roles over NATS (docs/operations.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { describeFailure, migrate, type Pool } from '@tickline/db';
import { ensureLiquidityAccounts } from '../app/demo/liquidity-accounts.ts';
import { demoCredentialsText, seedDemo } from '../app/demo/seed.ts';
import { fundDemoAccounts } from '../app/trading/demo-funding.ts';
import { issueDemoMakerKeys } from '../app/demo/maker-keys.ts';
import { startLocalEngine, type LocalEngine } from '../app/trading/runtime.ts';
import { systemClock } from '../clock.ts';
import type { Config, ProcessRole } from '../config.ts';
import { buildApp, loggerOptions } from '../http/build-app.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { SUBJECTS, encodeJson, type Bus } from '../services/bus/bus.ts';
import { NatsBus } from '../services/bus/nats-bus.ts';
import { startMarketData, type RunningMarketData } from '../services/market/runtime.ts';
import { METRICS_CONTENT_TYPE, type MetricsRegistry } from '../services/metrics/registry.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import { routeRequests } from '../ws/route-requests.ts';
import { sessionTokenVerifier, startWebsocketGateway } from '../ws/runtime.ts';
import { binanceSurface } from '../fapi/plugin.ts';
import { attachFstream } from '../fapi/streams.ts';
import { joinAuthBarrier } from './auth-barrier.ts';
import { startBusGateway } from './bus-gateway.ts';
import { serveEngineOnBus, startEngineRole } from './engine-role.ts';
import { chainMetrics, engineRoleMetrics, gatewayMetrics, processMetrics, sequencerMetrics } from './metrics.ts';
import { startDemoMakerProcess } from './demo-maker-process.ts';
import { registerBackOfficeJobs, registerEngineJobs } from './platform-jobs.ts';
import { buildServices, type PlatformServices } from './platform-services.ts';
import { remoteCommandGateway } from './remote-engine.ts';

/** Each wallet of the demo market maker and taker (5,000,000 USDT). */
const LIQUIDITY_FUNDING_MICRO_USDT = 5_000_000 * 1_000_000;
/** A cluster's jobs node funds the demo accounts through the engine, which may still be starting: tried this often. */
const DEMO_FUNDING_ATTEMPTS = 60;

type Stops = Array<() => Promise<void>>;

export interface PlatformLifecycle {
  /** Stopped in reverse order on shutdown (main.ts). */
  stops: Stops;
  /** The trading writer lost its database or lock: the process must exit and be restarted. */
  fatal(reason: string): void;
  webDistDir: string;
}

/** Migrates the database and starts what this process's roles take, then listens on PORT. */
export async function startPlatform(config: Config, secrets: Secrets, pool: Pool, life: PlatformLifecycle) {
  const { stops } = life;
  const applied = await migrate(pool);
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s).`);
  const clustered = config.roles !== 'all';
  const roles: readonly string[] = config.roles === 'all' ? ['all'] : config.roles;
  const takes = (role: ProcessRole) => config.roles === 'all' || config.roles.includes(role);
  const bus = clustered ? await NatsBus.connect(config.busUrl!, `tickline ${roles.join('+')} ${process.pid}`) : null;
  if (bus) stops.push(() => bus.close());
  const metrics = processMetrics(roles, bus);
  // Every clock of this process; jobs registered later (an engine taking over, the demo's) start at once.
  const scheduler = new Scheduler(systemClock, pino(loggerOptions(config)));
  const stopClocks: Array<() => void> = [];

  // The engine: here in the one process; on a cluster's engine role once it holds the writer lock.
  let here: { engine: LocalEngine; market: RunningMarketData } | null = null;
  if (!clustered) {
    here = await startEngineHere(config, pool, life);
    sequencerMetrics(metrics, here.engine.sequencer);
    stopClocks.push(registerEngineJobs(scheduler, { ...here, gateway: here.engine.gateway, pool, metrics }));
  } else if (takes('engine')) {
    startClusterEngine({ config, pool, bus: bus!, metrics, scheduler, stopClocks, life });
  }

  const nodeRoles = config.roles === 'all' ? ['api', 'ws', 'jobs'] : config.roles.filter((role) => role !== 'engine');
  let app: FastifyInstance | null = null;
  let services: PlatformServices | null = null;
  if (nodeRoles.length > 0) {
    const gateway = here?.engine.gateway ?? remoteCommandGateway(bus!, config.engineTimeoutMs);
    services = await buildServices({
      config,
      pool,
      secrets,
      gateway,
      market: here?.market.service ?? null,
      bus,
      stops,
    });
    const { trading, market, wallet } = services;
    app = await buildApp({
      config,
      pool,
      secrets,
      webDistDir: takes('api') ? life.webDistDir : null,
      services: { trading, market, wallet },
      surfaces: [binanceSurface],
    });
    const httpApp = app;
    stops.push(() => closeHttp(httpApp));
    app.get('/metrics', async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metrics.render()));
    if (!takes('api'))
      app.addHook('onRequest', async (request, reply) => {
        if (request.url !== '/metrics' && !request.headers.upgrade) await reply.code(404).send();
      });
    if (here) {
      const ws = await startWebsocketGateway({
        server: app.server,
        market: here.market.service,
        verifyToken: sessionTokenVerifier(app.context),
        requests: routeRequests(app),
        sessionRevocations: app.context.sessionRevocations,
        userEvents: wallet?.userEvents,
        sequencer: here.engine.sequencer,
        wsPort: config.wsPort,
        wsProcesses: config.wsProcesses,
        host: config.host,
      });
      stops.push(() => ws.close());
      stops.push(attachFstream(app, ws.hub, here.engine.sequencer));
      gatewayMetrics(metrics, ws.gateway);
    } else {
      // A session ended here (logout, revoke, password change) ends its streams on every websocket node.
      const stopSessions = app.context.sessionRevocations.on((ids) =>
        bus!.publish(SUBJECTS.sessionsEnded, encodeJson(ids)),
      );
      stops.push(async () => stopSessions());
      // Revocations reach every node's authentication cache before they answer (#30).
      const barrier = joinAuthBarrier(bus!, app.context.sessionRevocations);
      stops.push(async () => barrier.stop());
      if (takes('ws')) startBusGateway(app, bus!, config, metrics, stops);
    }
    if (takes('jobs')) {
      if (wallet) chainMetrics(metrics, pool, wallet);
      registerBackOfficeJobs(scheduler, { config, context: app.context, wallet });
    }
  }
  scheduler.start();
  // Stopped first, waiting for the runs under way, before the HTTP side and the engine they drive.
  stops.push(async () => {
    for (const stop of stopClocks) stop();
    await scheduler.stop();
  });

  if (!clustered) return listenAsOneProcess(config, app!, services!, stops);
  // The engine may still be starting on another node: the demo funding is tried again until it answers.
  if (app && takes('jobs') && config.mode === 'demo') {
    await fundDemo(app, services!, DEMO_FUNDING_ATTEMPTS);
    console.log(demoCredentialsText(`http://localhost:${config.port}`));
  }
  if (app) await app.listen({ port: config.port, host: config.host });
  else await serveMetricsOnly(config, metrics, stops);
  console.log(`Tickline ${roles.join('+')} (pid ${process.pid}) on port ${config.port}, bus ${config.busUrl}`);
}

/** Market data first (the engine's clocks take index, mark and funding from it), then the engine, restored. */
async function startEngineHere(config: Config, pool: Pool, life: PlatformLifecycle) {
  const market = await startMarketData({ db: pool, config: config.market });
  life.stops.push(() => market.stop());
  // The engine restores its state from the database before the API accepts a request.
  const engine = await startLocalEngine({
    pool,
    clock: systemClock,
    exchangeConfig: config.exchange,
    log: (error, context) => {
      console.error(`trading core: ${context}:`, error);
      if (context === 'sequencer halted') life.fatal(`Trading halted: ${describeFailure(error)}`);
    },
  });
  life.stops.push(() => engine.stop());
  return { engine, market };
}

/** A cluster's engine: a standby until it holds the writer lock; then market data, the bus and the engine's clocks. */
function startClusterEngine(deps: {
  config: Config;
  pool: Pool;
  bus: Bus;
  metrics: MetricsRegistry;
  scheduler: Scheduler;
  stopClocks: Array<() => void>;
  life: PlatformLifecycle;
}): void {
  const { config, pool, bus, metrics, scheduler } = deps;
  let counters: ReturnType<typeof engineRoleMetrics> | null = null;
  const role = startEngineRole({
    pool,
    exchangeConfig: config.exchange,
    log: (line) => console.log(line),
    fatal: deps.life.fatal,
    whenActive: async (engine, stops) => {
      const market = await startMarketData({ db: pool, config: config.market });
      stops.push(() => market.stop());
      stops.push(sequencerMetrics(metrics, engine.sequencer));
      const maxInFlight = config.engineMaxInFlight;
      stops.push(
        ...(await serveEngineOnBus(engine, { market: market.service, bus, maxInFlight, counters: counters! })),
      );
      deps.stopClocks.push(registerEngineJobs(scheduler, { gateway: engine.gateway, engine, market, pool, metrics }));
    },
  });
  counters = engineRoleMetrics(metrics, role.isActive);
  deps.life.stops.push(() => role.stop());
  role.active.catch((error: unknown) => deps.life.fatal(`The engine could not start: ${String(error)}`));
}

/** The engine alone has no HTTP API: its port answers /metrics only. */
async function serveMetricsOnly(config: Config, metrics: MetricsRegistry, stops: Stops): Promise<void> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics') return void response.writeHead(404).end();
    void metrics.render().then((text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text));
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
}

/** The one process listens, then seeds the demo (accounts, balances, the market maker and taker's keys and process). */
async function listenAsOneProcess(
  config: Config,
  app: FastifyInstance,
  services: PlatformServices,
  stops: Stops,
): Promise<void> {
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const baseUrl = `http://${shownHost}:${config.port}`;
  if (config.mode === 'demo') {
    await fundDemo(app, services, 1);
    console.log(demoCredentialsText(baseUrl));
    if (config.demoLiquidity) {
      const accounts = await ensureLiquidityAccounts(app.context);
      for (const userId of [accounts.makerUserId, accounts.takerUserId])
        await services.trading.fundDemoUser(userId, LIQUIDITY_FUNDING_MICRO_USDT);
      // The maker is a client of /fapi on loopback, whatever address the platform listens on.
      const file = await issueDemoMakerKeys(
        app.context,
        accounts,
        `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      );
      stops.push(startDemoMakerProcess(file));
    }
  }
  console.log(`Tickline (${config.mode} mode) is listening on ${baseUrl} (API at ${baseUrl}/api/v1)`);
  if (!config.trustProxy)
    console.log('TRUST_PROXY is off: client addresses are taken from the socket (set it behind a reverse proxy).');
}

/** The demo accounts, seeded and funded once ever (safe on every start); `attempts` a second apart. */
async function fundDemo(app: FastifyInstance, services: PlatformServices, attempts: number): Promise<void> {
  const accounts = await seedDemo(app.context);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fundDemoAccounts(services.trading, accounts);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * Stops taking connections and waits for the requests in flight. Node closes the keep-alive connections that are
 * idle when closing starts, but a connection busy then stays open after its answer until the keep-alive timeout
 * (72 s in Fastify): swept again every 100 ms, the close ends as soon as the last answer is out.
 */
async function closeHttp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
