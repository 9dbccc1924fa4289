import { chainWatch, checkLedgerHealth, type Pool } from '@tickline/db';
import type { Exchange } from '@tickline/engine';
import type { Wallet } from '../app/wallet/runtime.ts';
import type { JobDefinition } from '../jobs/scheduler.ts';
import type { BusStats } from '../services/bus/bus.ts';
import { MetricsRegistry } from '../services/metrics/registry.ts';
import type { Sequencer } from '../services/sequencer/sequencer.ts';
import { framesWrittenByPath, WRITE_PATH } from '../ws/direct-write.ts';
import type { WsGateway } from '../ws/gateway.ts';
import type { UserSubjects } from './user-subjects.ts';

// The figures each part of a process exposes on /metrics (names documented in docs/operations.md).

const LEDGER_CHECK_INTERVAL_MS = 60_000;
export const LEDGER_CHECK_JOB = 'ledger-check';

export function processMetrics(roles: readonly string[], bus: { stats: BusStats } | null): MetricsRegistry {
  const metrics = new MetricsRegistry();
  metrics.gauge('tickline_process_roles', 'The roles this process takes (1 per role)', () =>
    roles.map((role) => ({ labels: { role }, value: 1 })),
  );
  metrics.gauge('tickline_process_resident_bytes', 'Resident memory of this process', () => process.memoryUsage().rss);
  if (!bus) return metrics;
  const stats = bus.stats;
  metrics.counter('tickline_bus_published_total', 'Messages this process published on the bus', () => stats.published);
  metrics.counter('tickline_bus_received_total', 'Messages this process received from the bus', () => stats.received);
  metrics.counter('tickline_bus_requests_total', 'Requests this process sent on the bus', () => stats.requests);
  metrics.counter('tickline_bus_responded_total', 'Requests this process answered on the bus', () => stats.responded);
  metrics.counter('tickline_bus_timeouts_total', 'Requests that got no answer in time', () => stats.timeouts);
  metrics.counter(
    'tickline_bus_no_responders_total',
    'Requests no one served (an engine switch-over)',
    () => stats.noResponders,
  );
  return metrics;
}

/** Queue depth, commit rate and the last batch of the sequencer of this process. */
export function sequencerMetrics(metrics: MetricsRegistry, sequencer: Sequencer<Exchange>): () => void {
  const committed = { batches: 0, events: 0 };
  const stop = sequencer.onCommitted((batch) => {
    committed.batches += 1;
    committed.events += batch.events.length;
  });
  metrics.counter('tickline_sequencer_batches_total', 'Batches committed by this engine', () => committed.batches);
  metrics.counter('tickline_sequencer_events_total', 'Engine events committed by this engine', () => committed.events);
  metrics.gauge(
    'tickline_sequencer_queue_depth',
    'Commands and reads waiting for the sequencer',
    () => sequencer.queueLength,
  );
  metrics.gauge(
    'tickline_sequencer_last_batch_id',
    'The last batch this engine committed',
    () => sequencer.lastBatchId,
  );
  return stop;
}

/** A cluster's websocket node: the users whose events it listens to, and their messages (#30). */
export function userSubjectMetrics(metrics: MetricsRegistry, subjects: UserSubjects): void {
  metrics.gauge('tickline_bus_user_subjects', 'Users whose event subject this node listens to', () => subjects.size);
  metrics.counter(
    'tickline_bus_user_messages_received_total',
    "Messages received on users' event subjects",
    () => subjects.received,
  );
}

export function gatewayMetrics(metrics: MetricsRegistry, gateway: WsGateway): void {
  const counters = gateway.counters;
  metrics.gauge('tickline_ws_clients', 'Websocket connections open on this node', () => counters.connections);
  metrics.counter('tickline_ws_frames_sent_total', 'Market frames written to clients', () => counters.framesSent);
  metrics.counter(
    'tickline_ws_frames_skipped_total',
    'Market frames skipped for clients too slow to take them (lag)',
    () => counters.framesSkipped,
  );
  metrics.counter('tickline_ws_user_events_sent_total', 'User events delivered', () => counters.userEventsSent);
  const paths = ['direct', 'stream'] as const;
  metrics.gauge(
    'tickline_ws_write_path',
    'The path that writes market frames (1): direct to the TCP handle, or stream',
    () => paths.map((path) => ({ labels: { path }, value: path === WRITE_PATH ? 1 : 0 })),
  );
  metrics.counter('tickline_ws_frames_written_total', 'Market frames written, by the path each took', () =>
    paths.map((path) => ({ labels: { path }, value: framesWrittenByPath[path] })),
  );
}

/**
 * The ledger checks (zero sum, postings = balances, none negative) as the scheduler's `ledger-check` job, every
 * minute rather than at every scrape; a failed check is logged by the scheduler and leaves the age growing.
 */
export function ledgerCheckJob(metrics: MetricsRegistry, pool: Pool): JobDefinition {
  let last: { ok: boolean; atMs: number } | null = null;
  metrics.gauge('tickline_ledger_check_ok', '1 when the last ledger check passed, 0 when it failed', () =>
    last === null ? Number.NaN : last.ok ? 1 : 0,
  );
  metrics.gauge('tickline_ledger_check_age_seconds', 'Seconds since the last ledger check finished', () =>
    last === null ? Number.NaN : (Date.now() - last.atMs) / 1000,
  );
  return {
    name: LEDGER_CHECK_JOB,
    schedule: { everyMs: LEDGER_CHECK_INTERVAL_MS },
    quiet: true,
    run: async () => {
      const health = await checkLedgerHealth(pool);
      const ok =
        health.balanceTotal === 0 && health.mismatchedAccounts.length === 0 && health.negativeUserAccounts.length === 0;
      last = { ok, atMs: Date.now() };
    },
  };
}

/** How many blocks the deposit watcher is behind the chain head. */
export function chainMetrics(metrics: MetricsRegistry, pool: Pool, wallet: Wallet): void {
  metrics.gauge(
    'tickline_chain_cursor_lag_blocks',
    'Blocks between the chain head and the deposit watcher',
    async () => {
      const [head, cursor] = await Promise.all([
        wallet.reader.getBlockNumber(),
        chainWatch.readCursor(pool, 'deposits'),
      ]);
      // The cursor is the next block to read: the watcher has read up to cursor - 1.
      return cursor === null ? Number.NaN : Math.max(0, Number(head) - (cursor - 1));
    },
  );
}

/** What the engine's bus server counts (roles/engine-role.ts) for the metrics below. */
export interface EngineServeCounters {
  inFlight: number;
  count: number;
  sumMs: number;
  refused: number;
}

/** A cluster's engine role: whether it is the active one, and the commands it serves to API nodes. */
export function engineRoleMetrics(metrics: MetricsRegistry, isActive: () => number): EngineServeCounters {
  const counters: EngineServeCounters = { inFlight: 0, count: 0, sumMs: 0, refused: 0 };
  metrics.gauge('tickline_engine_active', '1 while this engine holds the writer lock, 0 as a standby', isActive);
  metrics.gauge('tickline_engine_commands_in_flight', 'Commands from API nodes being applied', () => counters.inFlight);
  metrics.counter('tickline_engine_commands_total', 'Commands from API nodes answered', () => counters.count);
  metrics.counter(
    'tickline_engine_command_seconds_sum',
    'Time from a command arriving to its durable answer',
    () => counters.sumMs / 1000,
  );
  metrics.counter(
    'tickline_engine_commands_refused_busy_total',
    'Commands refused over ENGINE_MAX_IN_FLIGHT',
    () => counters.refused,
  );
  return counters;
}
