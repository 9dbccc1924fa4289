// Screenshots of every screen at 375 and 1440 px wide into e2e/screenshots/ (gitignored; CI lists them).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { test } from '../harness/runner.ts';
import { apiLogin, openAs, type Tokens } from '../harness/helpers.ts';
import { LOGIN_REQUIRED_ROUTES, PUBLIC_ROUTES } from './routes.ts';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const WIDTHS = [375, 1440];

const fileName = (width: number, route: string, suffix = '') =>
  `${width}-${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}${suffix}.png`;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.page-loading')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
  await page.waitForTimeout(250);
}

async function shoot(page: Page, tokens: Tokens | null, route: string, width: number, suffix = ''): Promise<void> {
  await openAs(page, tokens, route);
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, route, suffix)), fullPage: true });
}

for (const width of WIDTHS) {
  test(
    `screenshots: every screen at ${width} px`,
    async ({ baseUrl, newPage }) => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const page = await newPage({ width, height: width < 768 ? 812 : 900 });
      for (const route of PUBLIC_ROUTES.filter((entry) => entry !== '/register/ABCDEF'))
        await shoot(page, null, route, width);
      const partner = await apiLogin(baseUrl, 'partner2@tickline.dev');
      for (const route of LOGIN_REQUIRED_ROUTES) await shoot(page, partner, route, width);
      await shoot(page, partner, '/', width, '-logged-in');

      // The register screen's second step, and the menus.
      await openAs(page, null, '/register');
      await page.fill('[data-testid=register-form] input[name=email]', 'shot@example.com');
      await page.fill('[data-testid=register-form] input[name=password]', 'Secret123!');
      await page.fill('[data-testid=register-form] input[name=confirmPassword]', 'Secret123!');
      await page.fill('[data-testid=register-form] input[name=name]', 'Shot');
      await page.fill('[data-testid=register-form] input[name=phone]', '01012345678');
      await page.locator('[data-testid=register-form] button[type=submit]').click();
      await page.getByTestId('kyc-form').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/register', '-step2')) });

      await openAs(page, null, '/login');
      await page.locator('[data-testid=login-form] button[type=submit]').click();
      await page.locator('.field__error').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/login', '-validation')) });

      if (width < 768) {
        await openAs(page, partner, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByTestId('mobile-menu').waitFor();
        await settle(page);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/', '-menu')) });
      } else {
        await openAs(page, partner, '/');
        await settle(page);
        await page.getByTestId('account-menu').hover();
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/', '-account-menu')) });
        await page.getByTestId('trade-dropdown').hover();
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/', '-trade-menu')) });
      }
      await openAs(page, null, '/');
      await page.getByRole('button', { name: 'Feedback' }).click();
      await page.getByTestId('feedback-form').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, fileName(width, '/', '-feedback')) });
    },
    { timeoutMs: 240_000 },
  );
}
