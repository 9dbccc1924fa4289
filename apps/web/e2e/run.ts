// Browser suite: starts the real platform, drives Debian's Chromium through playwright-core, prints
// `N passed, N failed` last and exits non-zero on any failure.
// Usage: npm run test:browser (root; builds the client first) or, with apps/web/dist built,
//        npm run test:browser -w @tickline/web [-- <name filter>]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startPlatform, type Platform } from './harness/platform.ts';
import { run } from './harness/runner.ts';
import './specs/guards.spec.ts';
import './specs/login.spec.ts';
import './specs/register.spec.ts';
import './specs/recovery.spec.ts';
import './specs/journey.spec.ts';
import './specs/layout.spec.ts';
import './specs/screenshots.spec.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

async function main(): Promise<number> {
  const filter = process.argv[2];
  if (!existsSync(path.resolve(here, '../dist/index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build:web` first (the root `npm run test:browser` does).');
    console.log('0 passed, 1 failed');
    return 1;
  }
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  try {
    console.log('Starting the platform ...');
    const startedAt = Date.now();
    platform = await startPlatform(process.env.E2E_VERBOSE ? (line) => console.log(`  [server] ${line}`) : undefined);
    console.log(`Platform ready at ${platform.baseUrl} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const { passed, failed } = await run({
      baseUrl: platform.baseUrl,
      browser,
      failureDir: path.resolve(here, 'screenshots/failures'),
      filter,
    });
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 && passed > 0 ? 0 : 1;
  } catch (error) {
    console.error(error);
    console.log('0 passed, 1 failed');
    return 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await platform?.stop();
  }
}

process.exitCode = await main();
