// /trade/history (seed 001 §2, issue #14) at 1440 and 375 px: the Options tab pages through a trader's bets,
// switching tab reloads page 1, and the CSV holds every row of every page.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../harness/fixtures.ts';
import { api } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900, account: 'partner6@tickline.dev' },
  { width: 375, height: 812, account: 'partner5@tickline.dev' },
] as const;
const BETS = 12;

for (const { width, height, account } of WIDTHS) {
  test.describe(`trade history at ${width} px`, () => {
    test.use({ viewport: { width, height }, account });

    test(`options tab at ${width} px: pages, tab switch back to page 1, CSV of all pages`, async ({
      page,
      baseUrl,
      session,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      // Twelve 1 USDT bets through the API (outside a round's last 5 s, when the server refuses them).
      let placed = 0;
      while (placed < BETS) {
        const answer = await api(baseUrl, 'POST', '/optionOrder/register', {
          token: session!.accessToken,
          body: { symbol: 1, betType: placed % 2 === 0 ? 1 : 2, volume: '1' },
        });
        if (answer.code === 0) placed += 1;
        else await page.waitForTimeout(1_000);
      }

      await page.goto('/trade/history');
      await expect(page.getByTestId('history-tab-futures')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('futures-history')).toBeVisible();
      await page.getByTestId('history-tab-options').click();
      const rows = page.getByTestId('option-history').locator('tbody tr');
      await expect(rows).toHaveCount(10);
      const pages = page.getByTestId('option-pages');
      await expect(pages.locator('[aria-current=page]')).toHaveText('1');
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(pages.locator('[aria-current=page]')).toHaveText('2');
      await expect(rows.first()).toBeVisible();
      expect(await rows.count()).toBeGreaterThanOrEqual(2);
      await saveScreenshot(`${width}-trade-history-options`, { fullPage: width < 768 });

      await page.getByTestId('history-tab-futures').click();
      await page.getByTestId('history-tab-options').click();
      await expect(pages.locator('[aria-current=page]')).toHaveText('1');

      const download = page.waitForEvent('download');
      await page.getByTestId('history-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('tickline-options-history.csv');
      const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\n');
      expect(lines[0]).toBe('Time,Symbol,Bet,Amount (USDT),Open price,Result price,Result,PnL (USDT),Expiry');
      expect(lines.length - 1).toBeGreaterThanOrEqual(BETS);
      expect(lines.filter((line) => line.includes(',BTCUSDT,HIGHER,1,')).length).toBeGreaterThanOrEqual(BETS / 2);
    });
  });
}
