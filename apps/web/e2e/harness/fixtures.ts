// The suite's `test` and `expect`: import both from here, never from '@playwright/test' directly.
//
//   import { expect, test } from '../harness/fixtures.ts';
//   test.use({ account: 'demo@tickline.dev' });            // every page of this file starts logged in
//   test('futures: ...', async ({ page, baseUrl, session, saveScreenshot }) => {
//     await page.goto('/futures');                           // relative to the platform's base URL
//     await expect(page.getByRole('heading', { name: 'BTCUSDT' })).toBeVisible();
//     await saveScreenshot('1440-futures-order');            // → e2e/screenshots/1440-futures-order.png
//   });
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNT_WAIT_MAX_MS, holdAccount } from './account-lock.ts';
import { DEMO_PASSWORD, apiLogin, type Tokens } from './helpers.ts';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

interface WorkerFixtures {
  /** The platform every test of the run talks to (started once by global-setup.ts), e.g. http://127.0.0.1:41234. */
  baseUrl: string;
}

interface TestFixtures {
  /** Option: log in as this user (API login, password DEMO_PASSWORD unless `password` says otherwise) before the test. */
  account: string | null;
  password: string;
  /** The tokens of `account`'s session, already in the page's local storage (seed keys); null without `account`. */
  session: Tokens | null;
  /** Saves a full-page screenshot of `page` (or `options.page`) as e2e/screenshots/<name>.png; returns its path. */
  saveScreenshot(name: string, options?: { fullPage?: boolean; page?: Page }): Promise<string>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring even when nothing is used
    async ({}, use) => {
      const url = process.env.E2E_BASE_URL;
      if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright.config.ts (global setup)');
      await use(url);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ baseUrl }, use) => use(baseUrl),
  account: [null, { option: true }],
  password: [DEMO_PASSWORD, { option: true }],
  session: [
    async ({ account, password, baseUrl }, use) => {
      if (!account) return use(null);
      // Held until the test ends: with two workers, no other test signs in with this account meanwhile.
      const release = await holdAccount(baseUrl, account);
      try {
        await use(await apiLogin(baseUrl, account, password));
      } finally {
        await release();
      }
    },
    // A slot of its own: the wait for the account (another worker's whole test) is not counted against this test's
    // timeout, which a test's own test.setTimeout would otherwise reset; holdAccount bounds the wait, the rest is
    // one sign-in.
    { timeout: ACCOUNT_WAIT_MAX_MS + 30_000 },
  ],
  storageState: async ({ session, baseUrl }, use) => {
    if (!session) return use(undefined);
    const localStorage = Object.entries(session).map(([name, value]) => ({ name, value: String(value) }));
    await use({ cookies: [], origins: [{ origin: baseUrl, localStorage }] });
  },
  saveScreenshot: async ({ page }, use) => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await use(async (name, { fullPage = true, page: shown = page } = {}) => {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await shown.screenshot({ path: file, fullPage, animations: 'disabled' }); // finished, not mid-fade
      return file;
    });
  },
});

export { expect };
