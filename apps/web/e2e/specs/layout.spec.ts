import { expect, test } from '../harness/fixtures.ts';
import { apiLogin, expectPath, openAs, storage } from '../harness/helpers.ts';

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('mobile menu at 375 px: opened and closed by buttons, links, Register/Login when logged out', async ({
    page,
  }) => {
    await openAs(page, null, '/');
    expect(await page.getByTestId('header-nav').isVisible(), 'desktop navigation is hidden').toBe(false);
    const menu = page.getByTestId('mobile-menu');
    expect(await menu.count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    for (const label of ['Register', 'Log In', 'Markets', 'Futures', 'Option', 'Earn', 'Faq'])
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    expect(await menu.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Markets', exact: true }).click();
    await expectPath(page, '/markets');
    await expect(menu).toHaveCount(0);
  });

  test('mobile menu at 375 px when logged in: profile, account links and Log out', async ({ baseUrl, page }) => {
    const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
    await openAs(page, tokens, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.getByText('demo@tickline.dev').first()).toBeVisible();
    for (const label of ['Deposit', 'Withdraw', 'Transfer futures'])
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expectPath(page, '/login');
    expect(await storage(page, 'accessToken')).toBeNull();
  });
});

test('header at 1440 px: Trade and Support dropdowns open on hover', async ({ page }) => {
  await openAs(page, null, '/');
  const trade = page.getByTestId('trade-dropdown');
  const futures = trade.getByRole('link', { name: 'Futures' });
  expect(await futures.isVisible(), 'closed before hover').toBe(false);
  await trade.hover();
  await expect(futures).toBeVisible();
  await expect(trade.getByRole('link', { name: 'Option' })).toBeVisible();
  const support = page.getByTestId('support-dropdown');
  await support.hover();
  await expect(support.getByRole('link', { name: 'Faq' })).toBeVisible();
  await expect(futures).toBeHidden();
  await support.getByRole('link', { name: 'Faq' }).click();
  await expectPath(page, '/faq');
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
});

test('header at 1440 px: account menu (name, email, total assets, links, Log out) and notifications', async ({
  baseUrl,
  page,
}) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  await openAs(page, tokens, '/');
  const account = page.getByTestId('account-menu');
  await account.hover();
  // The name first: until /user/info answers, the name line falls back to the email too (two matches).
  await expect(account.getByText('Demo', { exact: true })).toBeVisible();
  await expect(account.getByText('demo@tickline.dev')).toBeVisible();
  await expect(account.getByTestId('total-assets')).toHaveText(/^[\d,]+\.\d{2} USDT \(BEP-20\)$/);
  for (const label of ['Deposit', 'Withdraw', 'Transfer futures'])
    await expect(account.getByRole('link', { name: label, exact: true })).toBeVisible();
  const notifications = page.getByTestId('notifications');
  await notifications.hover();
  await expect(notifications.getByText('Notifications', { exact: true })).toBeVisible();
  await account.hover();
  await account.getByRole('button', { name: 'Log out' }).click();
  await expectPath(page, '/login');
});

test('language: switching to Korean translates the header and persists', async ({ page }) => {
  await openAs(page, null, '/');
  await page.getByRole('button', { name: 'KO' }).click();
  await expect(page.getByTestId('header-nav').getByText('마켓')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
  await page.reload();
  await expect(page.getByTestId('header-nav').getByText('마켓')).toBeVisible();
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByTestId('header-nav').getByText('Markets')).toBeVisible();
});

test('home: hero, Market Trend table, marketing sections, Get Started Now → /options, View More → /markets', async ({
  page,
}) => {
  await openAs(page, null, '/');
  const table = page.getByTestId('market-trend');
  for (const column of ['Name', 'Price', '24h Change'])
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trade anywhere' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  expect(await page.getByTestId('feature-card').count(), 'three feature cards').toBe(3);
  expect(await page.getByTestId('how-step').count(), "three 'How it works' steps").toBe(3);
  await expect(table.locator('.table__skeleton')).toHaveCount(0, { timeout: 20_000 });
  const rows = await table.locator('tbody tr:not(.table__skeleton)').allTextContents();
  if (rows.length > 1) {
    // Market data is served: every price has 5 decimals and every change 2.
    for (const row of rows) expect(row).toMatch(/\d\.\d{5}.*[+-]?\d+\.\d{2}%$/);
  } else {
    expect(rows[0] ?? '').toMatch(/not available/);
  }
  await page.getByRole('link', { name: 'Get Started Now' }).first().click();
  await expectPath(page, '/options');
  await page.goto('/');
  await page.getByRole('link', { name: 'View More' }).click();
  await expectPath(page, '/markets');
  await expect(page.getByTestId('markets-table').getByRole('columnheader', { name: 'Market Cap' })).toBeVisible();
});

test('footer: links and copyright 2024', async ({ page }) => {
  await openAs(page, null, '/');
  const footer = page.locator('footer');
  const links: [label: string, path: string][] = [
    ['Privacy policy', '/privacy'],
    ['Terms of use', '/terms'],
    ['Legal statement', '/legal'],
    ['help & faq', '/faq'],
    ['fee', '/fee'],
  ];
  for (const [label, path] of links) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expectPath(page, path);
  }
  await expect(footer.getByRole('link', { name: 'About', exact: true })).toBeVisible();
  await expect(footer.getByText('© 2024 Tickline.')).toBeVisible();
});

test('lazy screens: a chunk that fails to load shows a retry state, and retry loads it', async ({ page }) => {
  await openAs(page, null, '/');
  await page.route(/\/assets\/FeePage-.*\.js$/, (route) => route.abort('failed'));
  await page.locator('footer').getByRole('link', { name: 'fee', exact: true }).click();
  await expect(page.getByRole('alert').getByText('This page could not be loaded')).toBeVisible();
  await page.unroute(/\/assets\/FeePage-.*\.js$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  const feePageLoaded = page
    .getByTestId('futures-fees')
    .waitFor({ timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
  if (!(await feePageLoaded)) {
    // Chromium may cache the failed module import; the second offer (reload) always recovers.
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByTestId('futures-fees')).toBeVisible();
  }
  expect(new URL(page.url()).pathname).toBe('/fee');
});

test('static pages: fee figures, FAQ collapses, earn placeholder, legal texts', async ({ page }) => {
  await openAs(page, null, '/fee');
  await expect(page.getByTestId('futures-fees')).toHaveText(/BTC\/USDT.*0\.02%.*0\.03%/);
  await expect(page.getByTestId('withdrawal-fees')).toHaveText(/USDT.*5 USDT.*10 USDT.*1,000,000 USDT.*1,000,000 USDT/);
  await page.goto('/faq');
  const first = page.getByTestId('faq').locator('details').first();
  expect(await first.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
  await first.locator('summary').click();
  expect(await first.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
  await expect(page.getByText('0.001 BTC', { exact: false }).first()).toBeAttached();
  await page.goto('/earn');
  await expect(page.getByTestId('earn-preparing')).toBeVisible();
  for (const route of ['/privacy', '/terms', '/legal']) {
    await page.goto(route);
    await expect(page.getByText('Hong Kong', { exact: false }).first()).toBeVisible();
  }
  await page.goto('/legal');
  await expect(page.getByText('Cookies and analytics')).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByText('Risk disclaimer')).toBeVisible();
});
