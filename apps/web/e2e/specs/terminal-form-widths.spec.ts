// #33 item 1, the order form's controls at the width terminal-form.spec.ts does not place them: at 375 px a
// stop-limit, an IOC that fills, a post-only the server refuses, a reduce-only that only closes and an order with
// TP/SL at entry; at both widths a trailing stop (placed nowhere before, its callback rate and activation price as
// stored) and a stop-market. Each width is a new funded trader; every outcome is read back from the server.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, expectToast, openAs, type Tokens } from '../harness/helpers.ts';

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

const held = async (baseUrl: string, trader: Tokens) =>
  (
    await api<Array<{ volume: number; takeProfit: number; stopLoss: number }>>(baseUrl, 'GET', '/postion/lookup', {
      token: trader.accessToken,
    })
  ).data[0];

async function touch(baseUrl: string): Promise<{ ask: number; bid: number }> {
  const depth = await api<{ a: Array<[number, number]>; b: Array<[number, number]> }>(
    baseUrl,
    'GET',
    '/market/depth?symbol=BTCUSDT',
  );
  return { ask: depth.data.a[0]![0], bid: depth.data.b[0]![0] };
}

async function send(page: Page, side: 'buy-long' | 'sell-short', amount: string, price = ''): Promise<void> {
  if (price) await page.getByTestId('order-price').fill(price);
  await page.getByTestId('order-amount').fill(amount);
  await page.getByTestId(side).click();
}

const whole = (value: number) => String(Math.round(value));

/** A trailing stop sell (1.5 % callback, activated 5 % up, by the mark) and a stop-market sell 10 % down (by last). */
async function trailingAndStopMarket(page: Page, baseUrl: string, trader: Tokens): Promise<void> {
  const { ask, bid } = await touch(baseUrl);
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
      const { ask, bid } = await touch(baseUrl);
      await page.getByTestId('order-stop-kind').selectOption('stopLimit');
      await page.getByTestId('order-trigger').fill(whole(ask * 1.1));
      await page.getByTestId('trigger-by-last').click();
      await send(page, 'buy-long', '0.001', whole(ask * 1.1));
      await expect
        .poll(async () => (await waiting(baseUrl, trader)).filter((row) => row.orderPath === 3))
        .toEqual([expect.objectContaining({ triggerType: 'stop', triggerPrice: Number(whole(ask * 1.1)) })]);

      // Post-only through the ask: refused in the seeds' popup with the server's words.
      await page.getByRole('tab', { name: 'Limit' }).click();
      await page.getByTestId('order-tif').selectOption('GTX');
      await send(page, 'buy-long', '0.001', whole(ask * 1.05));
      await expect(page.getByTestId('futures-message')).toHaveText(
        'This post-only order would fill at once against the book, so it was not placed.',
      );
      await page
        .getByRole('dialog')
        .filter({ has: page.getByTestId('futures-message') })
        .getByRole('button', { name: 'OK' })
        .click();

      // IOC through the ask fills: a 0.001 BTC long.
      await page.getByTestId('order-tif').selectOption('IOC');
      await send(page, 'buy-long', '0.001', whole(ask * 1.02));
      await expectToast(page, 'Order successfully completed.');
      await expect.poll(async () => (await held(baseUrl, trader))?.volume).toBe(0.001);

      // Reduce-only market sell of five times the position: only closes it.
      await page.getByRole('tab', { name: 'Market' }).click();
      await page.getByTestId('order-reduce-only').check();
      await send(page, 'sell-short', '0.005');
      await expect.poll(async () => (await held(baseUrl, trader))?.volume ?? 0).toBe(0);
      await page.getByTestId('order-reduce-only').uncheck();

      // A market long with TP/SL at entry: the position carries both.
      await page.getByTestId('order-tpsl').check();
      await page.getByTestId('order-take-profit').fill(whole(ask * 1.2));
      await page.getByTestId('order-stop-loss').fill(whole(bid * 0.8));
      await saveScreenshot('375-terminal-form-tpsl', { fullPage: false });
      await send(page, 'buy-long', '0.001');
      await expect
        .poll(() => held(baseUrl, trader))
        .toMatchObject({ volume: 0.001, takeProfit: Number(whole(ask * 1.2)), stopLoss: Number(whole(bid * 0.8)) });
    });
  });
}
