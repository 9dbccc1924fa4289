// #33 item 1, the order form's controls at the width terminal-form.spec.ts does not place them: at 375 px a
// stop-limit, an IOC that fills, a post-only the server refuses, a reduce-only that only closes and an order with
// TP/SL at entry; at both widths a trailing stop (placed nowhere before, its callback rate and activation price as
// stored) and a stop-market. Each width is a new funded trader; every outcome is read back from the server.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, expectToast, openAs, type Tokens } from '../harness/helpers.ts';
import { bestPrices, postOnlyIocReduceOnly, sendOrder as send, tpslAtEntry, whole } from '../harness/orderForm.ts';

interface Waiting {
  no: number;
  triggerType?: string;
  triggerBy?: string;
  triggerPrice?: number;
  callbackRate?: number;
  activationPrice?: number;
  orderPath?: number;
}

const waiting = async (baseUrl: string, trader: Tokens) =>
  (await api<{ orders: Waiting[] }>(baseUrl, 'GET', '/order/waitLookup', { token: trader.accessToken })).data.orders;

/** A trailing stop sell (1.5 % callback, activated 5 % up, by the mark) and a stop-market sell 10 % down (by last). */
async function trailingAndStopMarket(page: Page, baseUrl: string, trader: Tokens): Promise<void> {
  const { ask, bid } = await bestPrices(baseUrl);
  await page.getByTestId('order-stop-kind').selectOption('trailingStop');
  await page.getByTestId('order-callback').fill('1.5');
  await page.getByTestId('order-activation').fill(whole(ask * 1.05));
  await page.getByTestId('trigger-by-mark').click();
  await send(page, 'sell-short', '0.001');
  await expectToast(page, 'Order successfully completed.');
  await expect
    .poll(() => waiting(baseUrl, trader))
    .toContainEqual(
      expect.objectContaining({
        triggerType: 'trailingStop',
        triggerBy: 'mark',
        callbackRate: 150,
        activationPrice: Number(whole(ask * 1.05)),
      }),
    );

  await page.getByTestId('order-stop-kind').selectOption('stopMarket');
  await page.getByTestId('order-trigger').fill(whole(bid * 0.9));
  await page.getByTestId('trigger-by-last').click();
  await send(page, 'sell-short', '0.001');
  await expect
    .poll(() => waiting(baseUrl, trader))
    .toContainEqual(
      expect.objectContaining({ triggerType: 'stop', triggerBy: 'last', triggerPrice: Number(whole(bid * 0.9)) }),
    );
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const) {
  test.describe(`order form controls at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`${width}: trailing stop and stop-market placed${width === 375 ? '; stop-limit, IOC, post-only, reduce-only, TP/SL at entry' : ''}`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      const trader = await fundedTrader(baseUrl, `formw${width}`, 1_000);
      await openAs(page, trader, '/futures');
      await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
      await trailingAndStopMarket(page, baseUrl, trader);
      await saveScreenshot(`${width}-terminal-form-trailing-placed`, { fullPage: false });
      if (width !== 375) return;

      // Stop-limit buy 10 % up by the last price: stored as a stop with its limit (orderPath 3).
      const { ask, bid } = await bestPrices(baseUrl);
      await page.getByTestId('order-stop-kind').selectOption('stopLimit');
      await page.getByTestId('order-trigger').fill(whole(ask * 1.1));
      await page.getByTestId('trigger-by-last').click();
      await send(page, 'buy-long', '0.001', whole(ask * 1.1));
      await expect
        .poll(async () => (await waiting(baseUrl, trader)).filter((row) => row.orderPath === 3))
        .toEqual([expect.objectContaining({ triggerType: 'stop', triggerPrice: Number(whole(ask * 1.1)) })]);

      // Post-only refused, IOC filled, reduce-only only closing; then a market long with TP/SL at entry.
      await postOnlyIocReduceOnly(page, baseUrl, trader, ask);
      await tpslAtEntry(page, baseUrl, trader, { ask, bid }, async () => {
        // Orders placed in a row: one success toast, not a stack of the same message over the order buttons.
        expect(await page.locator('.toast', { hasText: 'Order successfully completed.' }).count()).toBeLessThanOrEqual(
          1,
        );
        await saveScreenshot('375-terminal-form-tpsl', { fullPage: false });
      });
    });
  });
}
