// #34 item 5: the terminal across markets on the demo platform (every configured market): the selector lists each
// market with its live last price and change, choosing ETHUSDT opens /futures/ETHUSDT with ETH's ticker, book and
// order form; an ETH limit order rests in Open Orders with its symbol and the symbol filter hides and shows it; a BTC
// and an ETH position are listed together, and closing the ETH one leaves the BTC one. At 1440 and 375 px.
// #34 web: ETH's and SOL's book and recent trades use their own grouping steps and size decimals (ETH 3, SOL 2), and
// close-all names each market's size in its unit and closes both.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, expectToast, openAs, pathOf, type Tokens } from '../harness/helpers.ts';

/** A market long through the API in `symbol` (omitted for BTCUSDT, as the seeds' calls). */
async function marketLong(baseUrl: string, trader: Tokens, volume: string, symbol?: string): Promise<void> {
  const order = await api(baseUrl, 'POST', '/order/registerOrder', {
    token: trader.accessToken,
    body: {
      leverage: 1,
      volume,
      type: 2,
      priceType: 2,
      position: 1,
      orderPath: 2,
      price: 0,
      ...(symbol ? { symbol } : {}),
    },
  });
  expect(order.code, order.message).toBe(0);
}

async function showPart(page: Page, mobile: boolean, view: 'trade' | 'book' | 'trades' | 'positions'): Promise<void> {
  if (mobile) await page.getByTestId(`view-${view}`).click();
}

/** Every shown size of `testId` has exactly `decimals` decimals (a market's own, not BTC's 4). */
async function expectSizeDecimals(page: Page, testId: string, decimals: number): Promise<void> {
  const sized = new RegExp(`^\\d[\\d,]*\\.\\d{${decimals}}$`);
  await expect
    .poll(async () => {
      const texts = await page.getByTestId(testId).allTextContents();
      return texts.length > 0 && texts.every((text) => sized.test(text));
    })
    .toBe(true);
}

/** The book's grouping choices as offered, and the default chosen. */
async function expectBookSteps(page: Page, steps: string[]): Promise<void> {
  await expect(page.getByTestId('book-precision').locator('option')).toHaveText(steps);
  await expect(page.getByTestId('book-precision')).toHaveValue(steps[0]!);
}

async function marketsRoundTrip(page: Page, baseUrl: string, width: number, shot: (name: string) => Promise<unknown>) {
  const mobile = width < 600;
  const trader = await fundedTrader(baseUrl, `markets${width}`, 1_000);
  await marketLong(baseUrl, trader, '0.001');
  await openAs(page, trader, '/futures');
  await expect(page.getByTestId('market-symbol')).toHaveText('BTCUSDT');

  // The selector: every market with a live price and change; the search narrows it; Enter opens the market.
  await page.getByTestId('market-selector').click();
  const options = page.getByTestId('market-option');
  await expect(options).toHaveCount(3);
  for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])
    await expect(page.locator(`[data-symbol="${symbol}"] [data-testid="market-option-last"]`)).toHaveText(/\d/);
  await expect(page.getByTestId('market-popover')).toBeInViewport();
  await shot(`${width}-terminal-markets-selector`);
  await page.getByTestId('market-search').fill('eth');
  await expect(options).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page)).toBe('/futures/ETHUSDT');
  await expect(page.getByTestId('market-symbol')).toHaveText('ETHUSDT');
  await expect(page).toHaveTitle(/\| ETHUSDT \| Tickline$/);
  await expect(page.getByTestId('last-price')).toHaveText(/\d/);

  // ETH's book, near ETH's price (far under BTC's).
  const depth = await api<{ b: Array<[number, number]> }>(baseUrl, 'GET', '/market/depth?symbol=ETHUSDT');
  const bestBid = depth.data.b[0]![0];
  expect(bestBid).toBeLessThan(20_000);
  await showPart(page, mobile, 'book');
  await expect(page.getByTestId('bid-row').first()).toBeVisible();
  // ETH's grouping steps and size decimals as the server's market definition publishes them, not BTC's.
  await expectBookSteps(page, ['0.01', '0.1', '1', '10', '50']);
  await expectSizeDecimals(page, 'book-qty', 3);
  await shot(`${width}-futures-ethusdt-book`);
  await page.getByTestId('book-precision').selectOption('1');
  await expect(page.getByTestId('bid-row').first().locator('span').nth(1)).toHaveText(/\.00$/);
  await page.getByTestId('book-precision').selectOption('0.01');

  // An ETH limit buy well under the market rests with its symbol.
  await showPart(page, mobile, 'trade');
  await expect(page.getByTestId('order-amount').locator('xpath=following-sibling::em')).toHaveText('ETH');
  const price = (Math.floor(bestBid * 0.8 * 100) / 100).toFixed(2);
  await page.getByTestId('order-price').fill(price);
  await page.getByTestId('order-amount').fill('0.01');
  await page.getByTestId('buy-long').click();
  await expectToast(page, 'Order successfully completed.');
  const waiting = await api<{ orders: Array<{ symbol: string; price: number }> }>(baseUrl, 'GET', '/order/waitLookup', {
    token: trader.accessToken,
  });
  expect(waiting.data.orders).toEqual([expect.objectContaining({ symbol: 'ETHUSDT', price: Number(price) })]);

  await showPart(page, mobile, 'positions');
  await page.getByTestId('tab-orders').click();
  const ethOrder = page.locator('[data-testid="open-order-row"][data-symbol="ETHUSDT"]');
  await expect(ethOrder).toBeVisible();
  await expect(ethOrder.getByTestId('row-symbol')).toHaveText('ETHUSDT');
  await expect(ethOrder.getByTestId('order-reduce-only')).toHaveText('NO');
  const filter = page.getByTestId('symbol-filter');
  await filter.selectOption('BTCUSDT');
  await expect(ethOrder).toHaveCount(0);
  await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(0)');
  await filter.selectOption('ETHUSDT');
  await expect(ethOrder).toBeVisible();
  await filter.selectOption('all');

  // A BTC and an ETH position listed together; the ETH row's close acts on ETHUSDT only.
  await marketLong(baseUrl, trader, '0.01', 'ETHUSDT');
  await page.getByTestId('tab-positions').click();
  const rows = page.getByTestId('position-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]')).toContainText('BTCUSDT Long');
  const ethRow = page.locator('[data-testid="position-row"][data-symbol="ETHUSDT"]');
  await expect(ethRow).toContainText('ETHUSDT Long');
  await expect(ethRow.getByTestId('position-size')).toHaveText('0.010');
  await shot(`${width}-terminal-markets-positions`);
  // ETH's fills in its recent trades, sized to 3 decimals.
  await showPart(page, mobile, 'trades');
  await expectSizeDecimals(page, 'trade-qty', 3);
  await showPart(page, mobile, 'positions');
  await ethRow.getByTestId('position-close').click();
  await page.getByTestId('close-100').click();
  await page.getByTestId('close-confirm').click();
  await expectToast(page, 'The position has been updated.');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-symbol', 'BTCUSDT');
  const held = await api<Array<{ symbol: string }>>(baseUrl, 'GET', '/postion/lookup', { token: trader.accessToken });
  expect(held.data.map((row) => row.symbol)).toEqual(['BTCUSDT']);

  // Close-all: each market's size in its own unit (no sum of BTC and ETH), each position closed in its market.
  await marketLong(baseUrl, trader, '0.02', 'ETHUSDT');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('positions-close-all').click();
  await expect(page.getByTestId('close-all-text')).toContainText('(0.0010 BTC, 0.020 ETH)');
  await page.getByTestId('close-all-confirm').click();
  await expect(rows).toHaveCount(0);
  const none = await api<unknown[]>(baseUrl, 'GET', '/postion/lookup', { token: trader.accessToken });
  expect(none.data).toEqual([]);
}

test.describe('markets at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('selector, /futures/ETHUSDT, an ETH order and position beside BTC, the symbol filter', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    await marketsRoundTrip(page, baseUrl, 1440, (name) => saveScreenshot(name, { fullPage: false }));
  });

  test('an unknown symbol goes to /futures', async ({ page }) => {
    await page.goto('/futures/NOPEUSDT');
    await expect.poll(() => pathOf(page)).toBe('/futures');
    await expect(page.getByTestId('market-symbol')).toHaveText('BTCUSDT');
    await page.goto('/futures/solusdt');
    await expect(page.getByTestId('market-symbol')).toHaveText('SOLUSDT');
    // SOL's own steps and 2-decimal sizes.
    await expectBookSteps(page, ['0.01', '0.1', '1', '10']);
    await expectSizeDecimals(page, 'book-qty', 2);
  });
});

test.describe('markets at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the same on a phone', async ({ page, baseUrl, saveScreenshot }) => {
    test.setTimeout(180_000);
    await marketsRoundTrip(page, baseUrl, 375, (name) => saveScreenshot(name, { fullPage: false }));
  });
});
