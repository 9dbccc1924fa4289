// Steps of the futures screen that several specs take the same way.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { api, apiLogin, expectToast, registerViaApi, type Tokens } from './helpers.ts';

/** Leverage through the modal's input, confirmed, and shown on the button. */
export async function chooseLeverage(page: Page, leverage: number): Promise<void> {
  await page.getByTestId('leverage-button').click();
  await page.getByTestId('leverage-input').fill(String(leverage));
  await page.getByTestId('leverage-confirm').click();
  await expect(page.getByTestId('leverage-button')).toContainText(`${leverage}x`);
}

/** A market long of `amount` BTC, acknowledged, with the Positions tab opened. */
export async function marketLong(page: Page, amount: string): Promise<void> {
  await page.getByRole('tab', { name: 'Market' }).click();
  await page.getByTestId('order-amount').fill(amount);
  await page.getByTestId('buy-long').click();
  await expectToast(page, 'Order successfully completed.');
  await page.getByTestId('tab-positions').click();
}

interface BalanceAnswer {
  bsc: number;
  usdtm: number;
  balance: number;
  usingRequiredAmount: number;
  longWaitingRequiredAmount: number;
  shortWaitingRequiredAmount: number;
}
export const balanceOf = async (baseUrl: string, token: string) =>
  (await api<BalanceAnswer>(baseUrl, 'GET', '/user/balance', { token })).data;

/** A new trader with test USDT from the faucet, `futures` of it moved to the futures wallet. */
export async function fundedTrader(baseUrl: string, prefix: string, futures: number): Promise<Tokens> {
  const user = await registerViaApi(baseUrl, prefix);
  const tokens = await apiLogin(baseUrl, user.userid, user.password);
  const faucet = await api(baseUrl, 'POST', '/demo/faucet', { token: tokens.accessToken, body: { amount: 2_000 } });
  expect(faucet.code, faucet.message).toBe(0);
  await expect
    .poll(async () => (await balanceOf(baseUrl, tokens.accessToken)).bsc, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2_000);
  const moved = await api(baseUrl, 'POST', '/transfer/registerFutures', {
    token: tokens.accessToken,
    body: { to: 'usdtm', amount: String(futures) },
  });
  expect(moved.code, moved.message).toBe(0);
  return tokens;
}
