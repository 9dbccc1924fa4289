// The only file that listens: configuration → PostgreSQL (DATABASE_URL or embedded) → migrations → app →
// listen → demo seed. SIGINT, SIGTERM and SIGHUP stop it in reverse order of start, the embedded PostgreSQL last.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  closePool,
  describeFailure,
  createPool,
  migrate,
  optionRoundTicks,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
  type Pool,
} from '@tickline/db';
import { buildApp } from './http/build-app.ts';
import { demoCredentialsText, seedDemo } from './app/demo/seed.ts';
import { ensureLiquidityAccounts } from './app/demo/liquidity-accounts.ts';
import { fundDemoAccounts } from './app/trading/demo-funding.ts';
import { DemoLiquidity } from './app/trading/liquidity.ts';
import { startLocalEngine } from './app/trading/runtime.ts';
import { SequencerWalletLedger } from './app/wallet/sequencer-ledger.ts';
import { startWallet } from './app/wallet/runtime.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { registerDemoLiquidityJobs, DEMO_REQUOTE_JOB } from './jobs/demo-liquidity-jobs.ts';
import { registerMarketJobs } from './jobs/market-jobs.ts';
import { registerWalletJobs } from './jobs/wallet-jobs.ts';
import { PARTNER_CLOSE_JOB, PARTNER_ESTIMATE_JOB, registerPartnerJobs } from './jobs/partner-jobs.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { TradingJobs } from './jobs/trading-jobs.ts';
import { resolveSecrets, type Secrets } from './services/secrets/secrets.ts';
import { startFailureText } from './start-failure.ts';
import { runCluster } from './roles/cluster.ts';
import {
  chainMetrics,
  gatewayMetrics,
  LEDGER_CHECK_JOB,
  ledgerCheckJob,
  processMetrics,
  sequencerMetrics,
} from './roles/metrics.ts';
import { registerAccountJobs, UPLOAD_EXPIRY_JOB } from './jobs/account-jobs.ts';
import { METRICS_CONTENT_TYPE } from './services/metrics/registry.ts';
import { startMarketData } from './services/market/runtime.ts';
import { sessionTokenVerifier, startWebsocketGateway } from './ws/runtime.ts';

/** Each wallet of the demo market maker and taker (5,000,000 USDT). */
const LIQUIDITY_FUNDING_MICRO_USDT = 5_000_000 * 1_000_000;
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

  if (config.roles !== 'all') {
    // One process of a cluster: its roles over NATS, PostgreSQL at DATABASE_URL (docs/operations.md).
    try {
      await runCluster(config, config.roles, secrets, { stops, fatal, webDistDir: WEB_DIST_DIR });
    } catch (error) {
      await stopAll();
      throw error;
    }
    return;
  }

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')} ...`);
    const starting = startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), stopOnSignals: false });
    // A signal while the cluster starts waits for it, then stops it.
    stops.push(async () => (await starting.catch(() => undefined))?.stop());
    embedded = await starting;
    databaseUrl = embedded.url;
  }
  const pool: Pool = createPool(databaseUrl);
  stops.push(() => closePool(pool));
  try {
    await serve(config, secrets, pool, stops, fatal);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function serve(
  config: Config,
  secrets: Secrets,
  pool: Pool,
  stops: Array<() => Promise<void>>,
  fatal: (reason: string) => void,
): Promise<void> {
  const applied = await migrate(pool);
  if (applied.length > 0) console.log(`Applied ${applied.length} migration(s).`);

  // Market data first: the trading core's jobs take index, mark and funding from it.
  const market = await startMarketData({ db: pool, config: config.market });
  stops.push(() => market.stop());
  // The trading core restores its state from the database before the API accepts a request.
  const trading = await startLocalEngine({
    pool,
    clock: systemClock,
    log: (error, context) => {
      console.error(`trading core: ${context}:`, error);
      if (context === 'sequencer halted') fatal(`Trading halted: ${describeFailure(error)}`);
    },
  });
  stops.push(() => trading.stop());
  // The chain wallet: the platform's anvil in demo mode (CHAIN_RPC_URL otherwise), money through the sequencer.
  const wallet = await startWallet({
    config: config.chain,
    dataDir: config.dataDir,
    pool,
    clock: systemClock,
    ledger: new SequencerWalletLedger(trading.gateway),
    demoMnemonic: secrets.depositMnemonic,
    depositXpub: secrets.depositXpub,
  });
  stops.push(() => wallet.stop());
  console.log(`Chain: ${wallet.rpcUrl} (chain ${wallet.chainId}), USDT at ${wallet.tokenAddress}`);
  const services = { trading: trading.service, market: market.service, wallet };
  const app = await buildApp({ config, pool, secrets, webDistDir: WEB_DIST_DIR, services });
  stops.push(() => closeHttp(app));
  const ws = await startWebsocketGateway({
    server: app.server,
    market: market.service,
    verifyToken: sessionTokenVerifier(app.context),
    sessionRevocations: app.context.sessionRevocations,
    userEvents: wallet.userEvents,
    sequencer: trading.sequencer,
    wsPort: config.wsPort,
    wsProcesses: config.wsProcesses,
    host: config.host,
  });
  stops.push(() => ws.close());
  // GET /metrics: the same names as in a cluster (docs/operations.md), for the one process.
  const metrics = processMetrics(['all'], null);
  sequencerMetrics(metrics, trading.sequencer);
  gatewayMetrics(metrics, ws.gateway);
  chainMetrics(metrics, pool, wallet);
  app.get('/metrics', async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metrics.render()));

  // Every clock is a job of this one scheduler (jobs registered later, like the demo liquidity's, start at once); it
  // stops, waiting for the runs under way, before the HTTP side and the sequencer.
  const scheduler = new Scheduler(systemClock, app.log);
  registerMarketJobs(scheduler, market.service, market.config.tickIntervalMs);
  registerWalletJobs(scheduler, wallet, config.chain.pollIntervalMs, config.chain.sweepIntervalMs);
  registerPartnerJobs(scheduler, app.context.services.partners, config.settlementEstimateIntervalMs);
  registerAccountJobs(scheduler, app.context);
  scheduler.register(ledgerCheckJob(metrics, pool));
  const tradingJobs = new TradingJobs({
    engine: trading.gateway,
    feed: market.service,
    clock: systemClock,
    fundingIntervalMs: market.config.fundingIntervalMs,
    onError: (error, context) => app.log.error({ err: error }, `trading job: ${context}`),
    scheduler,
    roundAudit: { record: (round) => optionRoundTicks.recordRoundTicks(pool, round, systemClock.now()) },
  });
  tradingJobs.start();
  scheduler.start();
  // Days a stopped server missed are settled now; the estimate is there from the first page view.
  void scheduler.runNow(PARTNER_CLOSE_JOB).then(() => scheduler.runNow(PARTNER_ESTIMATE_JOB));
  void scheduler.runNow(UPLOAD_EXPIRY_JOB);
  void scheduler.runNow(LEDGER_CHECK_JOB);
  stops.push(async () => {
    tradingJobs.stop();
    await scheduler.stop();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const baseUrl = `http://${shownHost}:${config.port}`;

  if (config.mode === 'demo') {
    await fundDemoAccounts(trading.service, await seedDemo(app.context));
    console.log(demoCredentialsText(baseUrl));
    if (config.demoLiquidity) {
      const accounts = await ensureLiquidityAccounts(app.context);
      for (const userId of [accounts.makerUserId, accounts.takerUserId])
        await trading.service.fundDemoUser(userId, LIQUIDITY_FUNDING_MICRO_USDT);
      const liquidity = new DemoLiquidity({
        engine: trading.gateway,
        indexPrice: () => market.service.indexPrice(),
        ...accounts,
      });
      registerDemoLiquidityJobs(scheduler, liquidity);
      void scheduler.runNow(DEMO_REQUOTE_JOB);
    }
  }
  console.log(`Tickline (${config.mode} mode) is listening on ${baseUrl} (API at ${baseUrl}/api/v1)`);
  if (!config.trustProxy)
    console.log('TRUST_PROXY is off: client addresses are taken from the socket (set it behind a reverse proxy).');
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

main().catch((error: unknown) => {
  console.error(startFailureText(error));
  process.exit(1);
});
