// Browser suite: @playwright/test driving Debian's Chromium against the real platform (started once per run by
// e2e/harness/global-setup.ts). Run it with `npm run test:browser` at the root (builds the client first).
import { defineConfig } from '@playwright/test';

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: './e2e/specs',
  globalSetup: './e2e/harness/global-setup.ts',
  outputDir: './e2e/test-results',
  // Two workers: the suite mostly waits (rounds, settlements, streams; a third of a core on one worker), so on this
  // two-core machine two ran it in 10.7 min (load average 7-19) against 16.8 min for one (load 0.3-7), see
  // docs/decisions.md "Browser suite on two workers". Tests of one seeded account still run one at a time
  // (e2e/harness/account-lock.ts). E2E_WORKERS=1 to compare.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: './e2e/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    // The system Chromium only: nothing is downloaded (`npx playwright install` is never needed).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'Asia/Seoul',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Recording a trace for every test made the suite about 1.7 times slower; CI retries a failure once, traced.
    // Locally: `-- --trace retain-on-failure`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
