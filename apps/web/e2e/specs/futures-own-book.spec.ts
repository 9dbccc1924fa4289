// The futures screen on a platform of its own without the demo market maker (DEMO_LIQUIDITY=off), so the test can
// set the book: a position bought 2 % above the mark, where raising the leverage would put it beyond liquidation.
import { chooseLeverage, marketLong } from '../harness/futures.ts';
import { api, apiLogin, untilSignedIn } from '../harness/helpers.ts';
import { startPlatform } from '../harness/platform.ts';
import { expect, test as base } from '../harness/fixtures.ts';

const test = base.extend<object, { baseUrl: string }>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring even when nothing is used
    async ({}, use) => {
      const platform = await startPlatform(undefined, { DEMO_LIQUIDITY: 'off' });
      // Seeded while it already answers: a sign-in at once was refused ("The email or password is incorrect").
      await untilSignedIn(platform.baseUrl, [
        'partner4@tickline.dev',
        'partner5@tickline.dev',
        'partner6@tickline.dev',
      ]);
      await use(platform.baseUrl);
      await platform.stop();
    },
    // Starting and stopping a platform of its own took over the default 60 s at load average 14 (teardown timed out;
    // terminal-positions-funding.spec.ts gives its own the same).
    { scope: 'worker', timeout: 180_000 },
  ],
});

// One worker runs this file's tests in order, so its platform is started once, not once per worker.
test.describe.configure({ mode: 'default' });

const WIDTHS = [
  { width: 1440, height: 900, account: 'partner4@tickline.dev' },
  { width: 375, height: 812, account: 'partner5@tickline.dev' },
] as const;

/** The mark price in ticks (0.01 USDT), from the public market answer. */
async function markTicks(baseUrl: string): Promise<number> {
  const answer = await api<{ markPrice: number }>(baseUrl, 'GET', '/market/futures');
  expect(answer.code).toBe(0);
  return Math.round(answer.data.markPrice * 100);
}

for (const { width, height, account } of WIDTHS) {
  test.describe(`futures on a book the test sets, at ${width} px`, () => {
    test.use({ viewport: { width, height }, account });

    test(`leverage refused at ${width} px when it would liquidate the open position`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      // The only ask: 0.001 BTC 2 % above the mark, offered by another partner.
      const maker = await apiLogin(baseUrl, 'partner6@tickline.dev');
      const askTicks = Math.round((await markTicks(baseUrl)) * 1.02);
      const ask = await api(baseUrl, 'POST', '/order/registerOrder', {
        token: maker.accessToken,
        body: {
          leverage: 1,
          volume: '0.001',
          type: 2,
          priceType: 1,
          position: 2,
          orderPath: 1,
          price: askTicks / 100,
        },
      });
      expect(ask.code, ask.message).toBe(0);

      await page.goto('/futures');
      if (width < 768) await page.getByTestId('view-trade').click();
      await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
      await chooseLeverage(page, 1);
      await marketLong(page, '0.001');
      await expect(page.getByTestId('position-entry')).toHaveText(
        (askTicks / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );

      // At 100x the liquidation price would sit about 0.5 % under the entry: above the mark, so it is refused.
      await page.getByTestId('leverage-button').click();
      await page.getByTestId('leverage-input').fill('100');
      await page.getByTestId('leverage-confirm').click();
      await expect(page.getByTestId('futures-message')).toHaveText(
        'This leverage would put your open position at or beyond its liquidation price.',
      );
      await saveScreenshot(`${width}-futures-leverage-would-liquidate`, { fullPage: false });
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('leverage-button')).toContainText('1x');
    });
  });
}
