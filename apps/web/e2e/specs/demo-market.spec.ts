// #28 items 6 and 7: the demo market looks real and coherent (the last trade inside the spread, a book with depth,
// a 24 h volume of thousands of BTC, one BTC price on home and /futures), and every chart interval opens full, the
// options chart with one point a minute.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';

const numberOf = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Best bid, best ask and last price as the futures screen shows them, read in one frame. */
const readBook = (page: Page) =>
  page.evaluate(() => {
    const value = (element: Element | null | undefined) =>
      Number((element?.querySelector('span:nth-of-type(2)')?.textContent ?? '').replace(/[^\d.]/g, ''));
    const asks = Array.from(document.querySelectorAll('[data-testid="book-asks"] [data-testid="ask-row"]'));
    const bids = Array.from(document.querySelectorAll('[data-testid="book-bids"] [data-testid="bid-row"]'));
    const qty = (rows: Element[]) =>
      rows.reduce((sum, row) => sum + Number(row.querySelectorAll('span')[2]?.textContent?.replace(/,/g, '') ?? 0), 0);
    const lastText = document.querySelector('[data-testid="book-last"] span')?.firstChild?.textContent ?? '';
    return {
      bestAsk: value(asks.at(-1)),
      bestBid: value(bids[0]),
      last: Number(lastText.replace(/[^\d.]/g, '')),
      askQty: qty(asks),
      bidQty: qty(bids),
    };
  });

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  const mobile = width < 768;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the last trade sits inside the spread of a deep book, with a plausible 24 h volume', async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/futures');
      if (mobile) await page.getByTestId('view-book').click();
      await expect(page.getByTestId('ask-row').first()).toBeVisible();
      await expect.poll(async () => (await readBook(page)).last).toBeGreaterThan(0);
      for (let sample = 0; sample < 8; sample += 1) {
        const book = await readBook(page);
        expect(book.bestBid, JSON.stringify(book)).toBeLessThanOrEqual(book.last);
        expect(book.bestAsk, JSON.stringify(book)).toBeGreaterThanOrEqual(book.last);
        // Ten levels a side hold BTC, not hundredths of one.
        expect(book.askQty).toBeGreaterThan(1);
        expect(book.bidQty).toBeGreaterThan(1);
        await page.waitForTimeout(600);
      }
      expect(numberOf(await page.getByTestId('volume-24h').textContent())).toBeGreaterThan(500);
      await saveScreenshot(`${width}-28-demo-market-book`, { fullPage: false });
    });

    test('one BTC price: the home hero, the Market Trend table and /futures agree', async ({ page }) => {
      await page.goto('/');
      const hero = page.getByTestId('hero-price');
      const btcRow = page.locator('section[aria-labelledby="market-trend-title"] tr', { hasText: 'BTC' }).first();
      await expect(btcRow).toContainText(/\d\.\d{5}/);
      await expect
        .poll(async () => {
          const heroPrice = numberOf(await hero.textContent());
          const rowPrice = Number(/([\d,]+\.\d{5})/.exec((await btcRow.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
          return heroPrice > 0 && Math.abs(heroPrice - rowPrice) < 0.005;
        })
        .toBe(true);
    });

    test('every futures interval opens full; the options chart has one point a minute', async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/futures');
      if (mobile) await page.getByTestId('view-chart').click();
      const chart = page.getByTestId('price-chart');
      for (const interval of ['1h', '4h']) {
        await page.getByRole('button', { name: interval, exact: true }).click();
        // 300 bars fill the widest chart; before, 1 h had 25 and 4 h seven.
        await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThanOrEqual(300);
      }
      await saveScreenshot(`${width}-28-futures-4h`, { fullPage: false });

      await page.goto('/options');
      const optionChart = page.getByTestId('option-chart').locator('[data-last-point]');
      const points = new Set<number>();
      for (let sample = 0; sample < 6; sample += 1) {
        await expect(optionChart).toHaveAttribute('data-last-point', /^\d+$/);
        points.add(Number(await optionChart.getAttribute('data-last-point')));
        await page.waitForTimeout(700);
      }
      // Live ticks move the current minute's point; no point falls between two minutes.
      for (const point of points) expect(point % 60, `${point}`).toBe(0);
      await saveScreenshot(`${width}-28-options-chart`, { fullPage: false });
    });
  });
}
