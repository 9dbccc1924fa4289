// Order form steps that terminal-form.spec.ts (1440 px) and terminal-form-widths.spec.ts (375 px) both take.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { api, expectToast, type Tokens } from './helpers.ts';

export const whole = (value: number) => String(Math.round(value));

/** The trader's (first) position as the server has it, or undefined when flat. */
export const heldPosition = async (baseUrl: string, trader: Tokens) =>
  (
    await api<
      Array<{ volume: number; takeProfit: number; stopLoss: number; averagePrice: number; liquidationPrice: number }>
    >(baseUrl, 'GET', '/postion/lookup', { token: trader.accessToken })
  ).data[0];

/** The best ask and bid of the BTCUSDT book as the server has it now. */
export async function bestPrices(baseUrl: string): Promise<{ ask: number; bid: number }> {
  const depth = await api<{ a: Array<[number, number]>; b: Array<[number, number]> }>(
    baseUrl,
    'GET',
    '/market/depth?symbol=BTCUSDT',
  );
  return { ask: depth.data.a[0]![0], bid: depth.data.b[0]![0] };
}

/** OK closes the message popup (a refusal in the server's words, or the form's own question). */
export async function closeMessage(page: Page): Promise<void> {
  await page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('futures-message') })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(page.getByTestId('futures-message')).toHaveCount(0);
}

/** Fills the amount (and the price unless empty), presses Buy/Long or Sell/Short. */
export async function sendOrder(page: Page, side: 'buy-long' | 'sell-short', amount: string, price = '') {
  if (price) await page.getByTestId('order-price').fill(price);
  await page.getByTestId('order-amount').fill(amount);
  await page.getByTestId(side).click();
}

/**
 * From flat, on the Limit tab: a post-only buy through the ask refused with the server's words in the seeds' popup;
 * an IOC buy through the ask that fills 0.001 BTC; a reduce-only market sell of five times that, which only closes it.
 */
export async function postOnlyIocReduceOnly(page: Page, baseUrl: string, trader: Tokens, ask: number) {
  await page.getByRole('tab', { name: 'Limit' }).click();
  await page.getByTestId('order-tif').selectOption('GTX');
  await sendOrder(page, 'buy-long', '0.001', whole(ask * 1.05));
  await expect(page.getByTestId('futures-message')).toHaveText(
    'This post-only order would fill at once against the book, so it was not placed.',
  );
  await closeMessage(page);

  await page.getByTestId('order-tif').selectOption('IOC');
  await sendOrder(page, 'buy-long', '0.001', whole(ask * 1.02));
  await expectToast(page, 'Order successfully completed.');
  await expect.poll(async () => (await heldPosition(baseUrl, trader))?.volume).toBe(0.001);

  await page.getByRole('tab', { name: 'Market' }).click();
  await page.getByTestId('order-reduce-only').check();
  await sendOrder(page, 'sell-short', '0.005');
  await expectToast(page, 'Order successfully completed.');
  await expect.poll(async () => (await heldPosition(baseUrl, trader))?.volume ?? 0).toBe(0);
  await page.getByTestId('order-reduce-only').uncheck();
}

/** From flat, on the Market tab: a market long with TP 20 % over the ask and SL 20 % under the bid carries both. */
export async function tpslAtEntry(
  page: Page,
  baseUrl: string,
  trader: Tokens,
  { ask, bid }: { ask: number; bid: number },
  shot: () => Promise<unknown>,
) {
  await page.getByTestId('order-tpsl').check();
  await page.getByTestId('order-take-profit').fill(whole(ask * 1.2));
  await page.getByTestId('order-stop-loss').fill(whole(bid * 0.8));
  await shot();
  await sendOrder(page, 'buy-long', '0.001');
  await expectToast(page, 'Order successfully completed.');
  await expect
    .poll(async () => heldPosition(baseUrl, trader))
    .toMatchObject({ volume: 0.001, takeProfit: Math.round(ask * 1.2), stopLoss: Math.round(bid * 0.8) });
}
