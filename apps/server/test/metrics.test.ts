import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { MetricsRegistry } from '../src/services/metrics/registry.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

describe('the metrics registry', () => {
  it('renders Prometheus text: help, type, labels escaped; a failing or NaN reading is left out', async () => {
    const metrics = new MetricsRegistry();
    metrics.gauge('tickline_a', 'A gauge', () => 3);
    metrics.counter('tickline_b_total', 'A counter', () => [{ labels: { role: 'say "hi"' }, value: 2 }]);
    metrics.gauge('tickline_broken', 'Throws', () => {
      throw new Error('no');
    });
    metrics.gauge('tickline_unknown', 'Not known yet', () => Number.NaN);
    expect(await metrics.render()).toBe(
      '# HELP tickline_a A gauge\n# TYPE tickline_a gauge\ntickline_a 3\n' +
        '# HELP tickline_b_total A counter\n# TYPE tickline_b_total counter\ntickline_b_total{role="say \\"hi\\""} 2\n',
    );
    expect(() => metrics.gauge('tickline_a', 'again', () => 1)).toThrow(/twice/);
    expect(() => metrics.gauge('Bad-Name', 'x', () => 1)).toThrow(/bad metric name/);
  });
});

describe('GET /metrics of the one-process platform', () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-metrics-'));
    server = startServerProcess(await findFreePort(), {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      DEMO_LIQUIDITY: 'off',
      MARKET_BACKFILL: 'false',
      LOG_LEVEL: 'warn',
    });
    await server.waitUntilReady();
  }, 120_000);
  afterAll(async () => {
    await server?.killAll();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exposes the sequencer, websocket, chain and ledger figures', async () => {
    const scrape = () => fetch(`http://127.0.0.1:${server.port}/metrics`);
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    // The chain lag appears once the deposit watcher stored its first cursor (its first pass, a few seconds in).
    let text = await response.text();
    for (let deadline = Date.now() + 20_000; !text.includes('tickline_chain_cursor_lag_blocks');) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      text = await (await scrape()).text();
    }
    for (const name of [
      'tickline_process_roles{role="all"} 1',
      'tickline_sequencer_queue_depth',
      'tickline_sequencer_last_batch_id',
      'tickline_ws_clients',
      // Node 20 (the supported version) writes market frames through the direct path.
      'tickline_ws_write_path{path="direct"} 1',
      'tickline_ws_frames_written_total{path="direct"}',
      'tickline_chain_cursor_lag_blocks',
      'tickline_ledger_check_ok 1',
    ])
      expect(text).toContain(name);
    expect(text).toMatch(/^tickline_sequencer_batches_total \d+$/m);
  }, 30_000);
});
