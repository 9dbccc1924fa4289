// #18 item 1 (header), at 1440 and 375 px: the account menu's total assets follow the user stream's `balance`
// events and the notifications its `alarm` events, with an unread count on the bell, all without a reload (the
// REST polls stand still while the socket is open). Both widths are open at once, each in a browser of its own,
// on one new funded trader's account: one transfer, one option bet and one round's settlement are watched by both.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, signedInPage } from '../harness/helpers.ts';

const WIDTHS = [1440, 375];

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** Opens a header dropdown the way the screen's width allows (hover on a desktop, a tap on a phone). */
async function open(page: Page, testId: string, width: number) {
  const dropdown = page.getByTestId(testId);
  if (width > 767) await dropdown.hover();
  else await dropdown.locator('button[aria-haspopup]').click();
}

async function close(page: Page) {
  await page.mouse.move(5, 400);
  await page
    .locator('main, body')
    .first()
    .click({ position: { x: 5, y: 400 } });
}

interface Screen {
  width: number;
  page: Page;
  context: BrowserContext;
  /** Total assets in cents before the option bet. */
  before: number;
}

test('1440 and 375: total assets follow balance events and the bell counts new alarms, live', async ({
  browser,
  baseUrl,
  saveScreenshot,
}) => {
  test.setTimeout(150_000);
  // A trader of its own: another test's option bet, liquidation or alarm on a shared account would be counted too.
  const session = await fundedTrader(baseUrl, 'header', 100);
  const token = session.accessToken;
  const screens: Screen[] = [];
  try {
    for (const width of WIDTHS) {
      const viewport = { width, height: width > 767 ? 900 : 812 };
      const { context, page } = await signedInPage(browser, baseUrl, session, viewport);
      screens.push({ width, page, context, before: 0 });
      await page.goto('/');
      // Balance: total assets are spot + futures (#28 item 9), so a transfer between them leaves the total as it was;
      // the option stake below (it leaves the futures wallet) moves it at once.
      await open(page, 'account-menu', width);
      const total = page.getByTestId('total-assets');
      await expect(total).toHaveText(/^[\d,]+\.\d{2} USDT \(BEP-20\)$/);
      // The menu renders 0.00 until the balance arrives: the funded account's figure is what the transfer must keep.
      await expect.poll(async () => cents(await total.textContent())).toBeGreaterThan(0);
    }
    for (const screen of screens) screen.before = cents(await screen.page.getByTestId('total-assets').textContent());
    const out = await api(baseUrl, 'POST', '/transfer/registerFutures', { token, body: { to: 'usdtm', amount: '1' } });
    expect(out.code, out.message).toBe(0);
    await screens[0]!.page.waitForTimeout(500);
    for (const { page, width, before } of screens) {
      expect(cents(await page.getByTestId('total-assets').textContent()), `${width} px`).toBe(before);
      await close(page);
      // Alarms: everything listed is seen once the panel opens; a new one then counts 1 on the bell.
      await open(page, 'notifications', width);
      await expect(page.getByTestId('unread-count')).toHaveCount(0);
      await close(page);
    }

    // A 1 USDT option bet: its result is an alarm pushed when the round settles (within about two minutes).
    for (let placed = false; !placed;) {
      const bet = await api(baseUrl, 'POST', '/optionOrder/register', {
        token,
        body: { symbol: 1, betType: 1, volume: '1' },
      });
      placed = bet.code === 0;
      if (!placed) await screens[0]!.page.waitForTimeout(1_000);
    }
    // The stake left the futures wallet: the header's total follows at once.
    for (const { page, width, before } of screens) {
      await open(page, 'account-menu', width);
      const total = page.getByTestId('total-assets');
      await expect.poll(async () => cents(await total.textContent()), { timeout: 5_000 }).toBe(before - 100);
      await close(page);
    }
    for (const { page, width } of screens) {
      const badge = page.getByTestId('unread-count');
      await expect(badge).toHaveText('1', { timeout: 130_000 });
      await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
      await saveScreenshot(`${width}-notifications-unread`, { fullPage: false, page });
      await open(page, 'notifications', width);
      const panel = page.getByTestId('notifications-panel');
      await expect(panel.getByRole('listitem').first()).toBeVisible();
      await saveScreenshot(`${width}-notifications-live`, { fullPage: false, page });
      await expect(badge).toHaveCount(0);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  } finally {
    for (const { context } of screens) await context.close();
  }
});
