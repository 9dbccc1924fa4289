// Screenshots of every screen at 375 and 1440 px wide into e2e/screenshots/ (gitignored; CI lists them).
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { apiLogin, openAs, type Tokens } from '../harness/helpers.ts';
import { LOGIN_REQUIRED_ROUTES, PUBLIC_ROUTES } from './routes.ts';

const WIDTHS = [375, 1440];

const fileName = (width: number, route: string, suffix = '') =>
  `${width}-${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}${suffix}`;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .getByTestId('page-loading')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
  await page.waitForTimeout(250);
}

async function shoot(
  page: Page,
  saveScreenshot: (name: string) => Promise<string>,
  tokens: Tokens | null,
  width: number,
  route: string,
  suffix = '',
): Promise<void> {
  await openAs(page, tokens, route);
  await settle(page);
  await saveScreenshot(fileName(width, route, suffix));
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    // Three tests per width, not one, so each stays well inside its time-out on a busy machine.
    test(`screenshots: every public screen at ${width} px`, async ({ page, saveScreenshot }) => {
      test.setTimeout(180_000);
      for (const route of PUBLIC_ROUTES.filter((entry) => entry !== '/register/ABCDEF'))
        await shoot(page, saveScreenshot, null, width, route);
    });

    test(`screenshots: every login-required screen at ${width} px`, async ({ baseUrl, page, saveScreenshot }) => {
      test.setTimeout(180_000);
      const partner = await apiLogin(baseUrl, 'partner2@tickline.dev');
      for (const route of LOGIN_REQUIRED_ROUTES) await shoot(page, saveScreenshot, partner, width, route);
      await shoot(page, saveScreenshot, partner, width, '/', '-logged-in');
    });

    test(`screenshots: register step 2, validation, menus and feedback at ${width} px`, async ({
      baseUrl,
      page,
      saveScreenshot,
    }) => {
      const shootViewport = (route: string, suffix: string) =>
        saveScreenshot(fileName(width, route, suffix), { fullPage: false });
      const partner = await apiLogin(baseUrl, 'partner2@tickline.dev');
      await openAs(page, null, '/register');
      await page.fill('[data-testid=register-form] input[name=email]', 'shot@example.com');
      await page.fill('[data-testid=register-form] input[name=password]', 'Secret123!');
      await page.fill('[data-testid=register-form] input[name=confirmPassword]', 'Secret123!');
      await page.fill('[data-testid=register-form] input[name=name]', 'Shot');
      await page.fill('[data-testid=register-form] input[name=phone]', '01012345678');
      await page.locator('[data-testid=register-form] button[type=submit]').click();
      await expect(page.getByTestId('kyc-form')).toBeVisible();
      await shootViewport('/register', '-step2');

      await openAs(page, null, '/login');
      await page.locator('[data-testid=login-form] button[type=submit]').click();
      await expect(page.locator('.field__error')).toBeVisible();
      await shootViewport('/login', '-validation');

      if (width < 768) {
        await openAs(page, partner, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByTestId('mobile-menu')).toBeVisible();
        await settle(page);
        await shootViewport('/', '-menu');
      } else {
        await openAs(page, partner, '/');
        await settle(page);
        await page.getByTestId('account-menu').hover();
        await page.waitForTimeout(200);
        await shootViewport('/', '-account-menu');
        await page.getByTestId('trade-dropdown').hover();
        await page.waitForTimeout(200);
        await shootViewport('/', '-trade-menu');
      }
      await openAs(page, null, '/');
      await page.getByRole('button', { name: 'Feedback' }).click();
      await expect(page.getByTestId('feedback-form')).toBeVisible();
      await shootViewport('/', '-feedback');
    });
  });
}
