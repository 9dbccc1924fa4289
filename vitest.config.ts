import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tools/test-sequencer.ts';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    globalSetup: ['./tools/test-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time (545 s → 353 s one at a time vs two in CI). The wallet tests read the chain only once
    // what the app broadcast is mined (test-chain.ts), which a busy machine made visible.
    maxWorkers: 2,
    // The files that start a platform and wait on its clocks first (tools/test-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    reporters: ['default'],
  },
});
