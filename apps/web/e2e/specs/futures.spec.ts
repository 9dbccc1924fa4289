// The futures screen (seed 000 §2–§9) driven as a trader would, on the demo platform, at 1440 and 375 px wide.
// Each width trades with its own funded partner account so the two never share a position.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { chooseLeverage, marketLong } from '../harness/futures.ts';
import { expectToast } from '../harness/helpers.ts';
import { closeMessage } from '../harness/orderForm.ts';

const WIDTHS = [
  { width: 1440, height: 900, account: 'partner2@tickline.dev' },
  { width: 375, height: 812, account: 'partner3@tickline.dev' },
] as const;

const numberIn = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d.]/g, ''));

/** The message popup shows `text`; OK closes it. */
async function expectMessage(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('futures-message')).toHaveText(text);
  await closeMessage(page);
}

/** Starts flat: a position or order left by an interrupted run is closed or cancelled first. */
async function startFlat(page: Page): Promise<void> {
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
  if ((await page.getByTestId('tab-positions').textContent()) !== 'Positions(0)') {
    await page.getByTestId('tab-positions').click();
    await page.getByTestId('position-close').click();
    await page.getByTestId('close-100').click();
    await page.getByTestId('close-confirm').click();
    await expect(page.getByTestId('tab-positions')).toHaveText('Positions(0)');
  }
  await page.getByTestId('tab-orders').click();
  while ((await page.getByTestId('cancel-order').count()) > 0) {
    await page.getByTestId('cancel-order').first().click();
    await expectToast(page, 'The order has been canceled.');
  }
  await page.getByTestId('tab-positions').click();
}

for (const { width, height, account } of WIDTHS) {
  const mobile = width < 768;
  /** On a phone one view shows at a time: open the one holding `view` first. */
  const show = async (page: Page, view: 'trade' | 'chart' | 'book' | 'trades') => {
    if (mobile) await page.getByTestId(`view-${view}`).click();
  };

  test.describe(`futures at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`logged out at ${width} px: Log In shown, order buttons hidden, book and header live`, async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/futures');
      await expect(page.getByTestId('futures-login')).toHaveAttribute('href', '/login');
      await expect(page.getByTestId('buy-long')).toHaveCount(0);
      await expect(page.getByTestId('sell-short')).toHaveCount(0);
      await expect(page.getByTestId('mark-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      await expect(page.getByTestId('funding-rate')).toHaveText(/^-?\d+\.\d{4}%$/);
      await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
      await expect(page).toHaveTitle(/^\d{1,3}(,\d{3})*\.\d{2} \| BTCUSDT \| Tickline$/);
      await show(page, 'book');
      await expect(page.getByTestId('ask-row')).toHaveCount(10);
      await expect(page.getByTestId('bid-row')).toHaveCount(10);
      const firstAsk = page.getByTestId('ask-row').last();
      await expect(firstAsk).toHaveText(/\d\.\d0\s*\d+\.\d{4}\s*[\d,]+\.\d{2}/); // 0.1 grouping shown with 2 decimals
      const before = await page.getByTestId('book-asks').textContent();
      await expect.poll(() => page.getByTestId('book-asks').textContent(), { timeout: 15_000 }).not.toBe(before);
      await saveScreenshot(`${width}-futures-logged-out`, { fullPage: false });
      await show(page, 'trades');
      await expect(page.getByTestId('recent-trades').locator('span').first()).toHaveText(/\d/);
    });

    test(`header at ${width} px: the seeds' 5 s refresh runs only while the ticker stream is silent`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const live: number[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/v1/market/futures')) live.push(Date.now());
      });
      await page.goto('/futures');
      await expect(page.getByTestId('mark-price')).toHaveText(/\d/);
      live.length = 0;
      // Both at once (each page its own socket and requests): the live page's 11 s, the silent page's polls.
      const liveWatched = Date.now();

      // A websocket that connects and never says anything: the header falls back to /market/futures every 5 s.
      const silent: number[] = [];
      const context = page.context();
      const quiet = await context.newPage();
      await quiet.routeWebSocket(/\/ws/, () => undefined);
      quiet.on('request', (request) => {
        if (request.url().endsWith('/api/v1/market/futures')) silent.push(Date.now());
      });
      await quiet.goto('/futures');
      await expect(quiet.getByTestId('mark-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/, { timeout: 15_000 });
      await expect.poll(() => silent.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await quiet.close();

      await page.waitForTimeout(Math.max(0, liveWatched + 11_000 - Date.now()));
      expect(live, 'no header polling while the stream is live').toHaveLength(0);
    });

    test.describe('logged in', () => {
      test.use({ account });

      test(`trader at ${width} px: validation, limit from the book, cancel, leverage, market long, TP/SL, close half then all`, async ({
        page,
        saveScreenshot,
      }) => {
        test.setTimeout(180_000);
        await page.goto('/futures');
        await show(page, 'trade');
        await startFlat(page);

        // Seed §5 validation, amount first, then price.
        await page.getByTestId('buy-long').click();
        await expectMessage(page, 'Please enter the amount');
        await page.getByTestId('order-amount').fill('0.001');
        await page.getByTestId('buy-long').click();
        await expectMessage(page, 'Please enter the price');
        // Inputs accept digits, dots and commas; anything else becomes 0.
        await page.getByTestId('order-amount').fill('-1');
        await expect(page.getByTestId('order-amount')).toHaveValue('0');
        await page.getByTestId('order-price').fill('1234567.5');
        await expect(page.getByTestId('order-price')).toHaveValue('1,234,567.5');
        await saveScreenshot(`${width}-futures-validation`, { fullPage: false });

        // A click on the 5th bid fills the limit price; the order then rests at that level, marked as ours.
        await show(page, 'book');
        const bid = page.getByTestId('bid-row').nth(4);
        // Read and click in one step inside the page: the book may change between two steps.
        const bidPrice = await bid.evaluate((row: HTMLElement) => {
          const price = row.querySelectorAll('span')[1]?.textContent ?? '';
          row.click();
          return price.trim();
        });
        expect(bidPrice).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
        await show(page, 'trade');
        await expect(page.getByTestId('order-price')).toHaveValue(bidPrice);
        await page.getByTestId('order-amount').fill('0.001');
        await page.getByTestId('buy-long').click();
        await expectToast(page, 'Order successfully completed.');
        await expect(page.getByTestId('order-amount')).toHaveValue('');
        await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(1)');
        await show(page, 'book');
        await expect(page.getByTestId('book-bids').getByTestId('own-mark')).toHaveCount(1);
        await expect(page.getByTestId('book-asks').getByTestId('own-mark')).toHaveCount(0);
        await show(page, 'trade');
        await page.getByTestId('tab-orders').click();
        const row = page.getByTestId('open-order-row');
        await expect(row).toContainText(bidPrice);
        await expect(row.locator('td').nth(6)).toHaveText('NO'); // Reduce Only
        await expect(row.locator('td').nth(7)).toHaveText('NO'); // Post Only
        await show(page, 'chart');
        await expect(page.locator('[data-testid=chart-lines] [data-kind=order]')).toContainText(bidPrice);
        await show(page, 'trade');
        await saveScreenshot(`${width}-futures-open-order`, { fullPage: false });
        await page.getByTestId('cancel-order').click();
        await expectToast(page, 'The order has been canceled.');
        await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(0)');

        // Leverage through the modal: quick pick 25x, stepper down to 24x, confirm.
        await page.getByTestId('leverage-button').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: '25x' }).click();
        await dialog.getByRole('button', { name: 'Decrease leverage' }).click();
        await expect(page.getByTestId('leverage-input')).toHaveValue('24x');
        await saveScreenshot(`${width}-futures-leverage`, { fullPage: false });
        await page.getByTestId('leverage-confirm').click();
        await expect(page.getByTestId('leverage-button')).toContainText('24x');

        // Market long: Positions(1) with the liquidation price below entry.
        await page.getByRole('tab', { name: 'Market' }).click();
        await page.getByTestId('order-amount').fill('0.01');
        await expect(page.getByTestId('liq-long')).toHaveText(/\d/);
        await page.getByTestId('buy-long').click();
        await expectToast(page, 'Order successfully completed.');
        await expect(page.getByTestId('tab-positions')).toHaveText('Positions(1)');
        await page.getByTestId('tab-positions').click();
        await expect(page.getByTestId('position-size')).toHaveText('0.0100');
        const entry = await numberIn(page, 'position-entry');
        const liquidation = await numberIn(page, 'position-liquidation');
        expect(liquidation).toBeGreaterThan(0);
        expect(liquidation).toBeLessThan(entry);
        await expect(page.getByTestId('position-risk')).toHaveText(/^\d+\.\d{2}%$/);
        await saveScreenshot(`${width}-futures-position`, { fullPage: false });

        // TP/SL: take profit first, then stop loss, then saved.
        await page.getByTestId('position-tpsl-open').click();
        await page.getByTestId('tpsl-tp').fill('');
        await page.getByTestId('tpsl-sl').fill('');
        await page.getByTestId('tpsl-confirm').click();
        await expectMessage(page, 'Please enter the takeprofit.');
        const takeProfit = Math.round(entry * 1.05);
        const stopLoss = Math.round(entry * 0.985);
        await page.getByTestId('tpsl-tp').fill(`${takeProfit}.5.5x`);
        await expect(page.getByTestId('tpsl-tp')).toHaveValue(`${takeProfit}.55`);
        await page.getByTestId('tpsl-tp').fill(String(takeProfit));
        await expect(page.getByTestId('tpsl-tp-pnl')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
        await page.getByTestId('tpsl-confirm').click();
        await expectMessage(page, 'Please enter the stoploss.');
        await page.getByTestId('tpsl-sl').fill(String(stopLoss));
        await expect(page.getByTestId('tpsl-sl-pnl')).toHaveText(/^-[\d,]+\.\d{2} USDT$/);
        await expect(page.getByRole('dialog')).toContainText('Executing this cancels all your waiting orders.');
        await saveScreenshot(`${width}-futures-tpsl`, { fullPage: false });
        await page.getByTestId('tpsl-confirm').click();
        await expectToast(page, 'Take Profit and Stop Loss have been updated.');
        const formatted = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
        await expect(page.getByTestId('position-tpsl')).toHaveText(`${formatted(takeProfit)} / ${formatted(stopLoss)}`);

        // The position's lines on the chart.
        await show(page, 'chart');
        const lines = page.getByTestId('chart-lines');
        await expect(lines.locator('[data-kind=entry]')).toContainText(formatted(entry));
        await expect(lines.locator('[data-kind=liquidation]')).toContainText(formatted(liquidation));
        await expect(lines.locator('[data-kind=takeProfit]')).toContainText(formatted(takeProfit));
        await expect(lines.locator('[data-kind=stopLoss]')).toContainText(formatted(stopLoss));
        await saveScreenshot(`${width}-futures-chart-lines`, { fullPage: false });
        await show(page, 'trade');

        // Close: the amount is required, 50 % floors to 4 decimals, then the rest.
        await page.getByTestId('position-close').click();
        await page.getByTestId('close-confirm').click();
        await expectMessage(page, 'Please enter the amount.');
        await page.getByTestId('close-50').click();
        await expect(page.getByTestId('close-amount')).toHaveValue('0.0050');
        await saveScreenshot(`${width}-futures-close`, { fullPage: false });
        await page.getByTestId('close-confirm').click();
        await expectToast(page, 'The position has been updated.');
        await expect(page.getByTestId('position-size')).toHaveText('0.0050');
        await page.getByTestId('position-close').click();
        await page.getByTestId('close-100').click();
        await expect(page.getByTestId('close-amount')).toHaveValue('0.0050');
        await page.getByTestId('close-confirm').click();
        await expectToast(page, 'The position has been updated.');
        await expect(page.getByTestId('tab-positions')).toHaveText('Positions(0)');

        // Order history with the seeds' labels, and its CSV.
        await page.getByTestId('tab-history').click();
        await expect(page.getByTestId('history-row').first()).toContainText('CLOSE');
        await expect(page.getByTestId('history-table')).toContainText('BUY');
        const download = page.waitForEvent('download');
        await page.getByTestId('history-csv').click();
        expect((await download).suggestedFilename()).toBe('tickline-futures-history.csv');
        await saveScreenshot(`${width}-futures-history`, { fullPage: false });
      });

      test(`leverage refused at ${width} px: the server's message in the popup`, async ({ page, saveScreenshot }) => {
        test.setTimeout(120_000);
        await page.goto('/futures');
        await show(page, 'trade');
        await startFlat(page);
        // 5x, then a resting buy 10 % under the market holding 90 % of the wallet as margin.
        await chooseLeverage(page, 5);
        const last = await numberIn(page, 'last-price');
        await page.getByTestId('order-price').fill(String(Math.floor(last * 0.9)));
        await page.getByTestId('order-percent').fill('90');
        await expect(page.getByTestId('order-amount')).toHaveValue(/^\d+\.\d{4}$/);
        await page.getByTestId('buy-long').click();
        await expectToast(page, 'Order successfully completed.');
        // Back to 1x would need five times that margin.
        await page.getByTestId('leverage-button').click();
        await page.getByRole('dialog').getByRole('button', { name: '1x', exact: true }).click();
        await page.getByTestId('leverage-confirm').click();
        await expect(page.getByTestId('futures-message')).toHaveText(
          'Your futures wallet does not have enough available USDT for the margin this leverage needs.',
        );
        await saveScreenshot(`${width}-futures-leverage-refused`, { fullPage: false });
        await page.getByRole('button', { name: 'OK', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        await expect(page.getByTestId('leverage-button')).toContainText('5x');
        await page.getByTestId('tab-orders').click();
        await page.getByTestId('cancel-order').click();
        await expectToast(page, 'The order has been canceled.');
      });

      test(`near liquidation at ${width} px: the position warns while the mark is within 1 %`, async ({
        page,
        saveScreenshot,
      }) => {
        test.setTimeout(120_000);
        await page.goto('/futures');
        await show(page, 'trade');
        await startFlat(page);
        // At 100x the liquidation price is well within 1 % of the entry.
        await chooseLeverage(page, 100);
        await marketLong(page, '0.001');
        await expect(page.getByTestId('liquidation-warning')).toHaveText(
          'Mark price is within 1 % of the liquidation price.',
        );
        await expect(page.getByTestId('position-liquidation').getByRole('alert')).toBeVisible();
        await saveScreenshot(`${width}-futures-near-liquidation`, { fullPage: false });
        await startFlat(page);
        await expect(page.getByTestId('liquidation-warning')).toHaveCount(0);
      });

      test(`Korean at ${width} px`, async ({ page, saveScreenshot }) => {
        await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
        await page.goto('/futures');
        await show(page, 'trade');
        await expect(page.getByTestId('tab-positions')).toHaveText(/포지션\(\d\)/);
        await expect(page.getByTestId('buy-long')).toHaveText('매수/롱');
        await expect(page.getByTestId('sell-short')).toHaveText('매도/숏');
        await expect(page.getByRole('tab', { name: '지정가' })).toBeVisible();
        await page.getByTestId('buy-long').click();
        await expect(page.getByTestId('futures-message')).toHaveText('수량을 입력해 주세요');
        await saveScreenshot(`${width}-futures-korean`, { fullPage: false });
      });
    });

    test(`an invalid session at ${width} px: token removed, page reloaded, logged out`, async ({ page }) => {
      await page.goto('/faq');
      await page.evaluate(() => {
        localStorage.setItem('accessToken', 'not-a-token');
        localStorage.setItem('refreshToken', 'not-a-token');
      });
      await page.goto('/futures');
      // The page reloads itself: read the storage once it has settled.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('accessToken')).catch(() => 'reloading'))
        .toBeNull();
      await expect(page.getByTestId('futures-login')).toBeVisible();
    });
  });
}
