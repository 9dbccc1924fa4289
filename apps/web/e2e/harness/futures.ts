// Steps of the futures screen that several specs take the same way.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { expectToast } from './helpers.ts';

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
