// #33 item 2: the order book on /futures at 1440 and 375 px — coarse grouping (10, 100) at its multiples, at 100 a
// full ladder from the deep depth stream (the demo ladder spans about 60 USDT a side, so the trader rests small orders
// 100 USDT apart further out: at least 8 rows a side, each its own 100-USDT price), a click on a level fills the
// trade panel's price, the trader's own resting order marked at its grouped level, the depth chart
// drawn with a hover readout, recent trades coloured by the taker's side.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { api } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

const ticksOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The price column of every row of one side, in ticks, read in one frame. */
const sidePrices = (page: Page, side: 'ask' | 'bid') =>
  page.evaluate(
    (testId) =>
      Array.from(document.querySelectorAll(`[data-testid="${testId}"]`)).map(
        (row) => row.querySelectorAll('span')[1]?.textContent ?? '',
      ),
    `${side}-row`,
  );

/** Prices in the middle of the 100-USDT steps beyond the book's own: `count` a side, outside every maker level. */
function deepPrices(bestBidTicks: number, bestAskTicks: number, count: number) {
  const step = 100_00;
  const below = Math.floor(bestBidTicks / step) * step - step / 2;
  const above = Math.ceil(bestAskTicks / step) * step + step / 2;
  return Array.from({ length: count }, (_, k) => [
    { position: 1, price: below - k * step },
    { position: 2, price: above + k * step },
  ]).flat();
}

/** Green and red pixels painted on the depth chart's canvas (the tokens' --green and --red). */
const paintedColours = (page: Page) =>
  page.getByTestId('depth-chart').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let green = 0;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (g > 150 && r < 60 && b > 90 && b < 170) green += 1;
      if (r > 200 && g < 110 && b < 130) red += 1;
    }
    return { green, red };
  });

for (const { width, height } of WIDTHS) {
  const mobile = width < 768;
  const show = async (page: Page, view: 'trade' | 'book' | 'trades') => {
    if (mobile) await page.getByTestId(`view-${view}`).click();
  };

  test.describe(`order book at ${width} px`, () => {
    test.use({ viewport: { width, height }, account: 'partner6@tickline.dev' });

    test(`grouping, click to price, own order, depth chart and trade colours at ${width} px`, async ({
      page,
      baseUrl,
      session,
      saveScreenshot,
    }) => {
      const token = session!.accessToken;
      // A small buy resting just inside the streamed 20 levels: the 8th bid less a tick (cancelled at the end).
      // The demo maker builds its ladder a few orders a second after the platform starts: wait for eight bids.
      const bids = async () =>
        (await api<{ b: [number, number][] }>(baseUrl, 'GET', '/market/depth?symbol=BTCUSDT&limit=20')).data.b;
      await expect.poll(async () => (await bids()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
      const ownTicks = Math.round((await bids())[7]![0] * 100) - 1;
      const placed = await api<{ no: number }>(baseUrl, 'POST', '/order/registerOrder', {
        token,
        body: { leverage: 1, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price: ownTicks / 100 },
      });
      expect(placed.code, placed.message).toBe(0);
      const deepOrders: number[] = [];
      try {
        await page.goto('/futures');
        await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
        await show(page, 'book');
        const precision = page.getByTestId('book-precision');
        await expect(precision.locator('option')).toHaveText(['0.1', '0.01', '0.001', '1', '10', '50', '100']);
        await expect(precision).toHaveValue('0.1');

        for (const [choice, step] of [
          ['10', 10_00],
          ['100', 100_00],
        ] as const) {
          await precision.selectOption(choice);
          // Every level at a multiple of the step, asks above bids, the own bid marked at its grouped level.
          await expect
            .poll(async () => {
              const asks = (await sidePrices(page, 'ask')).map(ticksOf);
              const bids = (await sidePrices(page, 'bid')).map(ticksOf);
              const all = [...asks, ...bids];
              return all.length > 1 && all.every((t) => t % step === 0) && Math.min(...asks) > Math.max(...bids);
            })
            .toBe(true);
          const ownRow = page.getByTestId('book-bids').locator('[data-own]');
          await expect(ownRow).toHaveCount(1);
          await expect(ownRow.getByTestId('own-mark')).toBeVisible();
          await expect(ownRow.locator('span').nth(1)).toHaveText(
            (Math.floor(ownTicks / step) * (step / 100)).toLocaleString('en-US', { minimumFractionDigits: 2 }),
          );
          await expect(page.getByTestId('book-asks').getByTestId('own-mark')).toHaveCount(0);
          if (choice === '10') await saveScreenshot(`${width}-33-book-grouped-10`, { fullPage: false });
        }

        // Deeper than the default stream's 20 levels: at 100 the book reads the deep stream, a full ladder a side.
        const book = (
          await api<{ a: [number, number][]; b: [number, number][] }>(
            baseUrl,
            'GET',
            '/market/depth?symbol=BTCUSDT&limit=100',
          )
        ).data;
        const deepest = (levels: [number, number][]) => Math.round(levels[levels.length - 1]![0] * 100);
        for (const { position, price } of deepPrices(deepest(book.b), deepest(book.a), 9)) {
          const deep = await api<{ no: number }>(baseUrl, 'POST', '/order/registerOrder', {
            token,
            body: { leverage: 1, volume: '0.001', type: 2, priceType: 1, position, orderPath: 1, price: price / 100 },
          });
          expect(deep.code, deep.message).toBe(0);
          deepOrders.push(deep.data.no);
        }
        await expect
          .poll(async () => {
            const distinct = async (side: 'ask' | 'bid') => new Set((await sidePrices(page, side)).map(ticksOf));
            const [asks, bids] = [await distinct('ask'), await distinct('bid')];
            const all = [...asks, ...bids];
            if (!all.every((t) => t % 100_00 === 0)) return 0;
            return Math.min(asks.size, bids.size);
          })
          .toBeGreaterThanOrEqual(8);
        // Cumulative depth bars: each row's bar at least as long as the one nearer the spread, the farthest full.
        const bars = (side: 'ask' | 'bid') =>
          page.evaluate(
            (testId) =>
              Array.from(document.querySelectorAll(`[data-testid="${testId}"] [data-testid$="-row"] span:first-child`))
                .map((bar) => Number(/scaleX\(([^)]+)\)/.exec((bar as HTMLElement).style.transform)?.[1] ?? NaN))
                .filter((scale) => !Number.isNaN(scale)),
            `book-${side}s`,
          );
        const askBars = (await bars('ask')).reverse(); // shown worst first: from the spread outwards
        const bidBars = await bars('bid');
        for (const side of [askBars, bidBars]) {
          expect(side.length).toBeGreaterThanOrEqual(8);
          for (let i = 1; i < side.length; i++) expect(side[i]!).toBeGreaterThanOrEqual(side[i - 1]!);
        }
        expect(Math.max(askBars.at(-1)!, bidBars.at(-1)!)).toBe(1);
        await saveScreenshot(`${width}-33-book-grouped-100`, { fullPage: false });

        // A click on the best bid (grouped to 100) fills the limit price with that level.
        const bestBid = page.getByTestId('bid-row').first();
        const picked = await bestBid.evaluate((row: HTMLElement) => {
          const text = row.querySelectorAll('span')[1]?.textContent ?? '';
          row.click();
          return text.trim();
        });
        expect(picked).toMatch(/^\d{1,3}(,\d{3})*\.00$/);
        expect(ticksOf(picked) % 100_00).toBe(0);
        await show(page, 'trade');
        await expect(page.getByTestId('order-price')).toHaveValue(picked);

        // The depth chart: both sides painted from the stream, the readout follows the pointer.
        await show(page, 'book');
        await page.getByTestId('book-view-depth').click();
        await expect(page.getByTestId('book-precision')).toHaveCount(0);
        const chart = page.getByTestId('depth-chart');
        await expect(chart).toHaveAttribute('data-levels', /^([1-9]\d*):([1-9]\d*)$/);
        await expect.poll(async () => Object.values(await paintedColours(page)).every((n) => n > 200)).toBe(true);
        const box = (await chart.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
        await expect(page.getByTestId('depth-readout')).toHaveText(
          /^Bid [\d,]+\.\d{2} \(-\d+\.\d{2}%\) · Sum \d+\.\d{4} BTC · [\d,]+\.\d{2} USDT$/,
        );
        await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6);
        await expect(page.getByTestId('depth-readout')).toHaveText(
          /^Ask [\d,]+\.\d{2} \(\+\d+\.\d{2}%\) · Sum \d+\.\d{4} BTC · [\d,]+\.\d{2} USDT$/,
        );
        await saveScreenshot(`${width}-33-book-depth-chart`, { fullPage: false });
        // The choices are remembered: the depth view and the 100 grouping after a reload.
        await page.reload();
        await show(page, 'book');
        await expect(page.getByTestId('depth-chart')).toBeVisible();
        await page.getByTestId('book-view-ladder').click();
        await expect(page.getByTestId('book-precision')).toHaveValue('100');
        await expect(page.getByTestId('bid-row').first()).toBeVisible();

        // Recent trades: the taker's side in the market colours (buyer green, seller red).
        await show(page, 'trades');
        const colourOf = (side: 'buy' | 'sell') =>
          page
            .locator(`[data-testid="recent-trades"] [data-side="${side}"] span`)
            .first()
            .evaluate((span) => getComputedStyle(span).color);
        await expect(page.locator('[data-testid="recent-trades"] [data-side="buy"]').first()).toBeVisible();
        await expect(page.locator('[data-testid="recent-trades"] [data-side="sell"]').first()).toBeVisible();
        expect(await colourOf('buy')).toBe('rgb(14, 203, 129)');
        expect(await colourOf('sell')).toBe('rgb(246, 70, 93)');
      } finally {
        for (const no of [placed.data.no, ...deepOrders])
          await api(baseUrl, 'POST', '/order/cancel', { token, body: { no } });
      }
    });
  });
}
