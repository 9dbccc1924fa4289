// The /futures layout (#33 item 6): one screen at 1440×900 with every seed panel in view, panels resized by their
// handles and remembered across a reload (and put back by the reset), and at 375 px every view tab reachable.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';

const LAYOUT_KEY = 'tickline.futures.layout.v1';
const area = (page: Page, name: string) => page.locator(`[data-area="${name}"]`);

async function size(page: Page, name: string, axis: 'width' | 'height'): Promise<number> {
  const box = await area(page, name).boundingBox();
  expect(box, `${name} panel is laid out`).not.toBeNull();
  return Math.round(box![axis]);
}

/** Drags a handle from its middle by dx, dy in several pointer moves, as a hand would. */
async function dragHandle(page: Page, panel: string, dx: number, dy: number): Promise<void> {
  const box = (await page.getByTestId(`resize-${panel}`).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

/** Opens /futures logged in and waits for the account's positions and orders. */
async function openFutures(page: Page): Promise<void> {
  await page.goto('/futures');
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
}

async function expectOneScreen(page: Page): Promise<void> {
  const { scrollHeight, scrollWidth, innerHeight, innerWidth } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  expect(scrollHeight, 'no page scroll').toBeLessThanOrEqual(innerHeight);
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(innerWidth);
  for (const name of ['chart', 'book', 'trades', 'trade', 'positions', 'assets']) {
    const box = (await area(page, name).boundingBox())!;
    expect(box.y + box.height, `${name} ends inside the window`).toBeLessThanOrEqual(innerHeight + 1);
    expect(box.height, `${name} has room`).toBeGreaterThan(100);
  }
  await expect(page.getByRole('button', { name: 'Buy/Long' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Sell/Short' })).toBeInViewport();
}

test.describe('futures layout at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 }, account: 'demo@tickline.dev' });

  test('one screen at 1440×900; panels resized by their handles survive a reload and the reset', async ({
    page,
    saveScreenshot,
  }) => {
    await openFutures(page);
    await expectOneScreen(page);
    await expect(page.getByTestId('layout-reset')).toHaveCount(0);
    const before = {
      book: await size(page, 'book', 'width'),
      trade: await size(page, 'trade', 'width'),
      positions: await size(page, 'positions', 'height'),
    };

    // Mid-drag the column already moves, but React has not rendered: the handle's aria-valuenow (React state) and
    // localStorage change only on release.
    const handle = page.getByTestId('resize-book');
    const grip = (await handle.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + 200);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 - 60, grip.y + 200, { steps: 6 });
    await expect.poll(() => size(page, 'book', 'width')).toBe(before.book + 60);
    await expect(handle).toHaveAttribute('aria-valuenow', String(before.book));
    expect(await page.evaluate((key) => localStorage.getItem(key), LAYOUT_KEY)).toBeNull();
    await page.mouse.move(grip.x + grip.width / 2, grip.y + 200, { steps: 6 });
    await page.mouse.up();
    expect(await size(page, 'book', 'width')).toBe(before.book);

    await dragHandle(page, 'book', -120, 0);
    await expect(handle).toHaveAttribute('aria-valuenow', String(before.book + 120));
    await dragHandle(page, 'trade', -40, 0);
    await dragHandle(page, 'bottom', 0, -90);
    const after = {
      book: await size(page, 'book', 'width'),
      trade: await size(page, 'trade', 'width'),
      positions: await size(page, 'positions', 'height'),
    };
    // Each handle sizes its own panel; the chart takes up the difference.
    expect(Math.abs(after.book - (before.book + 120))).toBeLessThanOrEqual(2);
    expect(Math.abs(after.trade - (before.trade + 40))).toBeLessThanOrEqual(2);
    expect(Math.abs(after.positions - (before.positions + 90))).toBeLessThanOrEqual(2);
    await expectOneScreen(page);

    // Far past the limits: the chart keeps its room and the page still fits.
    await dragHandle(page, 'bottom', 0, -800);
    expect(await size(page, 'chart', 'height')).toBeGreaterThanOrEqual(318);
    await expectOneScreen(page);
    await saveScreenshot('1440-terminal-layout-resized', { fullPage: false });

    const remembered = {
      book: await size(page, 'book', 'width'),
      positions: await size(page, 'positions', 'height'),
    };
    await page.reload();
    await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
    expect(await size(page, 'book', 'width')).toBe(remembered.book);
    expect(await size(page, 'trade', 'width')).toBe(after.trade);
    expect(await size(page, 'positions', 'height')).toBe(remembered.positions);
    await expectOneScreen(page);

    await page.getByTestId('layout-reset').click();
    expect(await size(page, 'book', 'width')).toBe(before.book);
    expect(await size(page, 'trade', 'width')).toBe(before.trade);
    expect(await size(page, 'positions', 'height')).toBe(before.positions);
    expect(await page.evaluate((key) => localStorage.getItem(key), LAYOUT_KEY)).toBeNull();
    await expect(page.getByTestId('layout-reset')).toHaveCount(0);
  });
});

test.describe('futures layout at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, account: 'demo@tickline.dev' });

  test('at 375 px every view tab is reachable and shows its panel; the seeds stack stays the trade view', async ({
    page,
    saveScreenshot,
  }) => {
    await openFutures(page);
    await expect(page.getByTestId('resize-book')).toBeHidden();
    // The seeds' phone layout: trade panel, positions and assets stacked.
    for (const name of ['trade', 'positions', 'assets']) await expect(area(page, name)).toBeVisible();
    for (const name of ['chart', 'book', 'trades']) await expect(area(page, name)).toBeHidden();

    const shows: Record<string, string[]> = {
      chart: ['chart'],
      book: ['book'],
      trades: ['trades'],
      positions: ['positions'],
      trade: ['trade', 'positions', 'assets'],
    };
    for (const [view, visible] of Object.entries(shows)) {
      const tab = page.getByTestId(`view-${view}`);
      await tab.scrollIntoViewIfNeeded();
      await expect(tab).toBeInViewport({ ratio: 1 });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-pressed', 'true');
      for (const name of ['chart', 'book', 'trades', 'trade', 'positions', 'assets'])
        await expect(area(page, name)).toBeVisible({ visible: visible.includes(name) });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, `no sideways page scroll in the ${view} view`).toBeLessThanOrEqual(0);
      if (view === 'positions') await saveScreenshot('375-terminal-layout-positions-view', { fullPage: false });
    }
    await saveScreenshot('375-terminal-layout-trade-view', { fullPage: false });
  });
});
