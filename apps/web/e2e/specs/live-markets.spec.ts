// #18 items 1 and 2, at 1440 and 375 px: the home Market Trend table and hero card move with the websocket (no
// reload, no poll), the hero chart is drawn from our candles, coin logos are ours; /markets is live too, with each
// price's own precision at every width, compact figures with the exact one on hover, sorting, search, favourites
// kept across a reload, a 7-day sparkline per coin, and Bitcoin's row opening /futures.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { expectPath, openAs } from '../harness/helpers.ts';

/** Counts the page's REST reads of a market list (the live screens should not need them after the first). */
function countRequests(page: Page, path: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

/** Counts the market stream messages of the given types the page's socket receives. */
function countFrames(page: Page, types: readonly string[]): { count: number } {
  const seen = { count: 0 };
  const heads = types.map((type) => `{"type":"${type}"`);
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && heads.some((head) => payload.startsWith(head))) seen.count += 1;
    }),
  );
  return seen;
}

/**
 * The texts move with the stream, not within a fixed time: the lists are sent each second only while something in
 * them changed, and a busy machine renders late. So: wait for the stream's next messages, as many as it takes, until
 * the texts differ from what they were (a message already in hand but not yet rendered may be the one that moves them).
 */
async function movesWithStream(locator: Locator, frames: { count: number }): Promise<void> {
  const before = await locator.allTextContents();
  const framesBefore = frames.count;
  await expect
    .poll(async () => frames.count > framesBefore && !sameTexts(await locator.allTextContents(), before), {
      timeout: 30_000,
      intervals: [100],
    })
    .toBe(true);
}

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, i) => text === b[i]);

const rowOf = (table: Locator, name: string) => table.locator('tbody tr', { hasText: name }).first();

/** The `td:nth-child` selector of the table's column headed `header`. */
async function columnOf(table: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `a "${header}" column in ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return `td:nth-child(${index + 1})`;
}

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 767 ? 900 : 812 } });

    test(`${width}: the home table and hero card move with the stream without a reload; logos are ours`, async ({
      page,
      saveScreenshot,
    }) => {
      const polls = countRequests(page, '/api/v1/market/tickers');
      const frames = countFrames(page, ['tickers', 'ticker']);
      await openAs(page, null, '/');
      const table = page.getByTestId('market-trend');
      await expect(table.locator('tbody tr:not(.table__skeleton)')).toHaveCount(8);
      const pollsAfterLoad = polls.count;
      await movesWithStream(table.locator('tbody td.num'), frames);
      expect(polls.count, 'the change came over the socket, not a new poll').toBe(pollsAfterLoad);
      // Every price keeps 5 decimals or more; SHIB shows its significant digits (0.0000xxxx).
      for (const price of await table.locator('tbody td.num:not(.trend)').allTextContents())
        expect(price).toMatch(/^[\d,]+\.\d{5,8}$/);
      expect(await rowOf(table, 'SHIB').locator('td.num').first().textContent()).toMatch(/^0\.0000\d{4}$/);
      // Logos: BTC's shipped icon from our server, SHIB (not in the package) the server's inline letter badge.
      const btcLogo = rowOf(table, 'BTC').locator('img[data-testid=coin-logo]');
      await expect(btcLogo).toHaveAttribute('src', /^\/coin-icons\/btc\.svg\?v=/);
      expect(await btcLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(rowOf(table, 'SHIB').locator('img[data-testid=coin-logo]')).toHaveAttribute(
        'src',
        /^data:image\/svg\+xml;/,
      );
      // The hero: our BTCUSDT ticker and a chart of our candles.
      const hero = page.getByTestId('hero-card');
      await expect(hero.getByRole('img', { name: 'BTCUSDT, last 2 hours' })).toBeVisible();
      await expect(page.getByTestId('hero-price')).toHaveText(/^[\d,]+\.\d{2}$/);
      await movesWithStream(page.getByTestId('hero-price'), frames);
      await saveScreenshot(`${width}-home-live`, { fullPage: false });
    });

    test(`${width}: /markets is live, sortable, searchable, with favourites, sparklines and compact figures`, async ({
      page,
      saveScreenshot,
    }) => {
      const frames = countFrames(page, ['coins']);
      await openAs(page, null, '/markets');
      const table = page.getByTestId('markets-table');
      const rows = table.locator('tbody tr:not(.table__skeleton)');
      await expect(rows).toHaveCount(30);
      const price = await columnOf(table, 'Price');
      await movesWithStream(table.locator(`tbody ${price}`), frames);
      // Precision by the price alone (the same text at every width): Shiba Inu to 8 decimals, Tether to 4 digits.
      await expect(rowOf(table, 'Shiba Inu').locator(price)).toHaveText(/^\$0\.0000\d{4}$/);
      await expect(rowOf(table, 'Tether').locator(price)).toHaveText(/^\$(1\.\d{3}|0\.\d{4})$/);
      // Compact, the exact figure on hover.
      const cap = rowOf(table, 'Bitcoin').locator(`${await columnOf(table, 'Market Cap')} span`);
      await expect(cap).toHaveText(/^\$\d+(\.\d{1,2})?[TBMK]$/);
      await expect(cap).toHaveAttribute('title', /^\$[\d,]+\.\d{2}$/);
      // A sparkline per coin.
      await expect(table.getByRole('img', { name: /, last 7 days$/ })).toHaveCount(30);
      await saveScreenshot(`${width}-markets`, { fullPage: width < 768 ? false : true });

      // Sorting by price, highest first: Bitcoin leads, Shiba Inu or Pepe last.
      if (width > 767) await table.getByRole('button', { name: 'Sort by Price' }).click();
      else await page.getByRole('combobox', { name: 'Sort' }).selectOption('price:desc');
      await expect(rows.first()).toContainText('Bitcoin');
      await expect(rows.last()).toContainText(/Shiba Inu|Pepe/);
      if (width > 767) {
        await table.getByRole('button', { name: 'Sort by Price' }).click();
        await expect(rows.first()).toContainText(/Shiba Inu|Pepe/);
      }

      // Search.
      await page.getByTestId('markets-search').fill('ethereum');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(/Ethereum/);
      await page.getByTestId('markets-search').fill('');

      // Favourites, kept across a reload.
      await page.getByRole('button', { name: 'Add Solana to favourites' }).click();
      await page.reload();
      await page.getByRole('button', { name: 'Favourites', exact: true }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Solana');
      await page.getByRole('button', { name: 'Remove Solana from favourites' }).click();
      await expect(table).toContainText('No favourites yet');
      await page.getByRole('button', { name: 'All', exact: true }).click();

      // Any other coin opens its page: the live price, its figures and the week's chart.
      await rowOf(table, 'Ethereum').click();
      await expectPath(page, '/markets/ethereum');
      await expect(page.getByRole('heading', { name: 'Ethereum (ETH)' })).toBeVisible();
      await expect(page.getByTestId('coin-price')).toHaveText(/^\$[\d,]+\.\d+$/);
      await expect(page.getByTestId('coin-chart').getByRole('img', { name: 'Ethereum, last 7 days' })).toBeVisible();
      await expect(page.getByTestId('coin-trade')).toHaveCount(0);
      await saveScreenshot(`${width}-markets-coin`, { fullPage: true });
      await page.getByRole('link', { name: '← All markets' }).click();
      await expectPath(page, '/markets');

      // Bitcoin opens our futures market.
      await rowOf(table, 'Bitcoin').click();
      await expectPath(page, '/futures');
    });
  });
}
