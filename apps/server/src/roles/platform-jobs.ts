// Every clock of the platform, registered here whatever the role, on the one scheduler of the process: the engine's
// clocks where the engine runs (the one process, or the active engine of a cluster), the back office's where the
// `jobs` role runs (the one process, or the cluster's jobs node). The table in docs/architecture.md lists them.
import { optionRoundTicks, type Pool } from '@tickline/db';
import type { AppContext } from '../app/context.ts';
import type { CommandGateway } from '../app/engine/command-gateway.ts';
import type { LocalEngine } from '../app/trading/runtime.ts';
import type { Wallet } from '../app/wallet/runtime.ts';
import { systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { registerAccountJobs, UPLOAD_EXPIRY_JOB } from '../jobs/account-jobs.ts';
import { registerAuditJobs, ROUND_LOG_ANCHOR_JOB, ROUND_LOG_JOB } from '../jobs/audit-jobs.ts';
import { registerMarketJobs } from '../jobs/market-jobs.ts';
import { registerProgramJobs } from '../jobs/program-jobs.ts';
import { PARTNER_CLOSE_JOB, PARTNER_ESTIMATE_JOB, registerPartnerJobs } from '../jobs/partner-jobs.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { TradingJobs } from '../jobs/trading-jobs.ts';
import { registerWalletJobs } from '../jobs/wallet-jobs.ts';
import type { RunningMarketData } from '../services/market/runtime.ts';
import type { MetricsRegistry } from '../services/metrics/registry.ts';
import { LEDGER_CHECK_JOB, ledgerCheckJob } from './metrics.ts';

/**
 * The engine's clocks: price ticks and candles (market data), option rounds and funding (through the gateway), and
 * the ledger check behind /metrics. Returns the stop of the trading clocks (the scheduler stops the rest).
 */
export function registerEngineJobs(
  scheduler: Scheduler,
  deps: {
    gateway: CommandGateway;
    engine: Pick<LocalEngine, 'sequencer'>;
    market: RunningMarketData;
    pool: Pool;
    metrics: MetricsRegistry;
  },
): () => void {
  const { market, pool } = deps;
  registerMarketJobs(scheduler, market.service, market.config.tickIntervalMs);
  scheduler.register(ledgerCheckJob(deps.metrics, pool));
  const tradingJobs = new TradingJobs({
    engine: deps.gateway,
    feed: market.service,
    clock: systemClock,
    fundingIntervalMs: market.config.fundingIntervalMs,
    markets: market.config.futures,
    // Until the engine runs a market its prices are null (#34's contract): ticks and funding go only to those it runs.
    tradedSymbols: () =>
      deps.engine.sequencer.read((engine) =>
        engine
          .markets()
          .map((config) => config.symbol)
          .filter((symbol) => engine.marketPrices(symbol) !== null),
      ),
    onError: (error, context) => console.error(`trading job: ${context}:`, error),
    scheduler,
    roundAudit: { record: (round) => optionRoundTicks.recordRoundTicks(pool, round, systemClock.now()) },
  });
  tradingJobs.start();
  void scheduler.runNow(LEDGER_CHECK_JOB);
  return () => tradingJobs.stop();
}

/**
 * The back office's clocks: partner estimate and daily close, the wallet's chain clocks (when there is a wallet),
 * upload expiry, the dead-man's switches of programs. Days a stopped server missed are settled at once; the estimate is there from the first page view.
 */
export function registerBackOfficeJobs(
  scheduler: Scheduler,
  deps: { config: Config; context: AppContext; wallet: Wallet | null },
): void {
  const { config, context, wallet } = deps;
  registerPartnerJobs(scheduler, context.services.partners, config.settlementEstimateIntervalMs);
  if (wallet) registerWalletJobs(scheduler, wallet, config.chain.pollIntervalMs, config.chain.sweepIntervalMs);
  registerAccountJobs(scheduler, context);
  registerProgramJobs(scheduler, context);
  registerAuditJobs(scheduler, context, wallet);
  void scheduler.runNow(PARTNER_CLOSE_JOB).then(() => scheduler.runNow(PARTNER_ESTIMATE_JOB));
  void scheduler.runNow(UPLOAD_EXPIRY_JOB);
  void scheduler.runNow(ROUND_LOG_JOB).then(() => wallet && scheduler.runNow(ROUND_LOG_ANCHOR_JOB));
}
