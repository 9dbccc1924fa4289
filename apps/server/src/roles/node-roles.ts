import type { FastifyInstance } from 'fastify';
import { closePool, createPool, type Pool } from '@tickline/db';
import { demoCredentialsText, seedDemo } from '../app/demo/seed.ts';
import { fundDemoAccounts } from '../app/trading/demo-funding.ts';
import type { CommandGateway } from '../app/engine/command-gateway.ts';
import { TradingService } from '../app/trading/service.ts';
import { startWallet, type Wallet } from '../app/wallet/runtime.ts';
import { SequencerWalletLedger } from '../app/wallet/sequencer-ledger.ts';
import { systemClock } from '../clock.ts';
import type { Config, ProcessRole } from '../config.ts';
import { buildApp } from '../http/build-app.ts';
import { PARTNER_CLOSE_JOB, PARTNER_ESTIMATE_JOB, registerPartnerJobs } from '../jobs/partner-jobs.ts';
import { registerAccountJobs, UPLOAD_EXPIRY_JOB } from '../jobs/account-jobs.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { registerWalletJobs } from '../jobs/wallet-jobs.ts';
import { SUBJECTS, decodeJson, encodeJson, type Bus } from '../services/bus/bus.ts';
import { METRICS_CONTENT_TYPE, type MetricsRegistry } from '../services/metrics/registry.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import { WsGateway } from '../ws/gateway.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../ws/gateway-limits.ts';
import { sessionTokenVerifier } from '../ws/runtime.ts';
import type { UserEventKind } from '@tickline/protocol';
import { BusMarketHub } from './market-relay.ts';
import { MarketMirror } from './market-mirror.ts';
import { chainMetrics, gatewayMetrics } from './metrics.ts';
import { remoteCommandGateway } from './remote-engine.ts';

const DEMO_FUNDING_ATTEMPTS = 60;

export interface NodeRolesOptions {
  config: Config;
  roles: readonly ProcessRole[];
  pool: Pool;
  secrets: Secrets;
  bus: Bus;
  metrics: MetricsRegistry;
  webDistDir: string;
  stops: Array<() => Promise<void>>;
}

/**
 * The roles around the engine, in one HTTP app reaching the engine over the bus: `api` (the REST API, stateless),
 * `ws` (a websocket gateway fed by the engine node's publications), `jobs` (the partner clocks, upload expiry and, in
 * demo mode, the demo accounts). A process without `api` answers its HTTP port with /metrics and the websocket only.
 */
export async function startNodeRoles(options: NodeRolesOptions): Promise<FastifyInstance> {
  const { config, roles, pool, secrets, bus, metrics, stops } = options;
  const has = (role: ProcessRole) => roles.includes(role);
  // History (orders, trades, options, transfers) may come from a read replica; everything else from the primary.
  const readPool = config.databaseReadUrl ? createPool(config.databaseReadUrl) : pool;
  if (readPool !== pool) stops.push(() => closePool(readPool));
  const engine = remoteCommandGateway(bus, config.engineTimeoutMs);
  const trading = new TradingService(engine, pool, readPool);
  // An operator's freeze on one API node reaches the others' in-memory sets.
  const stopFreezeNews = trading.freezes.onChanged(() => bus.publish(SUBJECTS.freezesChanged, encodeJson(null)));
  const stopFreezeReloads = bus.subscribe(
    SUBJECTS.freezesChanged,
    () => void trading.freezes.reload().catch(() => undefined),
  );
  stops.push(async () => {
    stopFreezeNews();
    stopFreezeReloads();
  });
  const wallet = await startClusterWallet(options, engine);
  const app = await buildApp({
    config,
    pool,
    secrets,
    webDistDir: has('api') ? options.webDistDir : null,
    services: { trading, market: new MarketMirror(bus), wallet },
  });
  stops.push(() => app.close());
  app.get('/metrics', async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metrics.render()));
  if (!has('api'))
    app.addHook('onRequest', async (request, reply) => {
      if (request.url !== '/metrics' && !request.headers.upgrade) await reply.code(404).send();
    });
  // A session ended here (logout, revoke, password change) ends its streams on every websocket node.
  const stopSessions = app.context.sessionRevocations.on((sessionIds) =>
    bus.publish(SUBJECTS.sessionsEnded, encodeJson(sessionIds)),
  );
  stops.push(async () => stopSessions());

  if (has('ws')) startGateway(app, bus, metrics, stops);
  if (has('jobs')) {
    if (wallet) chainMetrics(metrics, pool, wallet);
    await startJobs(app, config, trading, wallet, stops);
  }
  return app;
}

/**
 * The chain wallet on a cluster node: the chain at CHAIN_RPC_URL, shared by every node (withdrawal nonces are allocated
 * in PostgreSQL, so any API node may approve); money through the engine over the bus; its user events on the bus for
 * the websocket nodes. Without CHAIN_RPC_URL (the demo's own anvil belongs to the one-process platform) there is none.
 */
async function startClusterWallet(options: NodeRolesOptions, engine: CommandGateway): Promise<Wallet | null> {
  const { config, pool, secrets, bus, stops } = options;
  if (!config.chain.rpcUrl) {
    console.log('wallet: off in this cluster node (no CHAIN_RPC_URL); the wallet routes answer 1007');
    return null;
  }
  const wallet = await startWallet({
    config: config.chain,
    dataDir: config.dataDir,
    pool,
    clock: systemClock,
    ledger: new SequencerWalletLedger(engine),
    demoMnemonic: secrets.depositMnemonic,
    depositXpub: secrets.depositXpub,
  });
  stops.push(() => wallet.stop());
  const stopEvents = wallet.userEvents.on((userId, event, data) =>
    bus.publish(SUBJECTS.userEvents, encodeJson([[userId, event, data]])),
  );
  stops.push(async () => stopEvents());
  return wallet;
}

function startGateway(app: FastifyInstance, bus: Bus, metrics: MetricsRegistry, stops: Array<() => Promise<void>>) {
  const gateway = new WsGateway({
    hub: new BusMarketHub(bus),
    verifyToken: sessionTokenVerifier(app.context),
    limits: DEFAULT_GATEWAY_LIMITS,
  });
  gateway.attach(app.server);
  const stopEvents = bus.subscribe(SUBJECTS.userEvents, (data) => {
    for (const [userId, event, payload] of decodeJson<Array<[number, UserEventKind, unknown]>>(data))
      gateway.publishToUser(userId, event, payload);
  });
  const stopEnded = bus.subscribe(SUBJECTS.sessionsEnded, (data) => gateway.endSessions(decodeJson<string[]>(data)));
  gatewayMetrics(metrics, gateway);
  stops.push(async () => {
    stopEvents();
    stopEnded();
    await gateway.close();
  });
}

/** The jobs role's clocks, on one scheduler: the partner jobs, and the wallet's when this cluster has a chain. */
async function startJobs(
  app: FastifyInstance,
  config: Config,
  trading: TradingService,
  wallet: Wallet | null,
  stops: Array<() => Promise<void>>,
): Promise<void> {
  const scheduler = new Scheduler(systemClock, app.log);
  registerPartnerJobs(scheduler, app.context.services.partners, config.settlementEstimateIntervalMs);
  if (wallet) registerWalletJobs(scheduler, wallet, config.chain.pollIntervalMs, config.chain.sweepIntervalMs);
  registerAccountJobs(scheduler, app.context);
  scheduler.start();
  void scheduler.runNow(PARTNER_CLOSE_JOB).then(() => scheduler.runNow(PARTNER_ESTIMATE_JOB));
  void scheduler.runNow(UPLOAD_EXPIRY_JOB);
  stops.push(async () => {
    await scheduler.stop();
  });
  if (config.mode === 'demo') {
    // The engine may still be starting: the demo funding goes through it, so it is tried again until it answers.
    const accounts = await seedDemo(app.context);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await fundDemoAccounts(trading, accounts);
        break;
      } catch (error) {
        if (attempt >= DEMO_FUNDING_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    console.log(demoCredentialsText(`http://localhost:${config.port}`));
  }
}
