// #28 items 1, 2, 3, 4, 9 and 12, at 1440 and 375 px: what a new trader tripped over. Amount fields keep the decimal
// point; green is up by default; Close and TP/SL are in view; the 100 % slider and Withdraw All build requests the
// server accepts; the misleading labels; cancelled orders in Order History.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { balanceOf, chooseLeverage, fundedTrader } from '../harness/futures.ts';
import { api, expectToast, openAs } from '../harness/helpers.ts';

const DEMO = 'demo@tickline.dev';
const GREEN = 'rgb(14, 203, 129)';
const RED = 'rgb(246, 70, 93)';
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** A limit price well under the market (the order rests): 90 % of the best bid, in whole USDT. */
async function restingBuyPrice(baseUrl: string): Promise<string> {
  const depth = await api<{ b: Array<[number, number]> }>(baseUrl, 'GET', '/market/depth?symbol=BTCUSDT');
  return String(Math.floor(depth.data.b[0]![0] * 0.9));
}

async function pressPercent(page: Page, percent: number): Promise<void> {
  await page.getByRole('button', { name: `${percent}%`, exact: true }).click();
  await expect(page.getByTestId('order-amount')).not.toHaveValue('');
}

for (const width of [1440, 375]) {
  const mobile = width < 768;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: mobile ? 812 : 900 } });

    test.describe('logged in as the demo member', () => {
      test.use({ account: DEMO });

      test(`${width}: amount fields never drop the decimal point (#28 item 1)`, async ({ page, saveScreenshot }) => {
        await page.goto('/transfer/futures');
        await page.getByTestId('transfer-amount').pressSequentially('12.5');
        await expect(page.getByTestId('transfer-amount')).toHaveValue('12.5');
        await expect(page.getByTestId('amount-problem')).toHaveCount(0);
        await page.getByTestId('transfer-amount').pressSequentially('55');
        await expect(page.getByTestId('transfer-amount')).toHaveValue('12.555');
        await expect(page.getByTestId('amount-problem')).toHaveText('At most 2 decimals.');

        await page.goto('/withdraw');
        await page.getByTestId('withdraw-amount').pressSequentially('12.5');
        await expect(page.getByTestId('withdraw-amount')).toHaveValue('12.5');
        await expect(page.getByTestId('amount-problem')).toHaveText('Whole USDT only: remove the decimal point.');
        await expect(page.getByTestId('withdraw-final')).toHaveText('-');
        await saveScreenshot(`${width}-28-1-withdraw-decimal`);

        await page.goto('/options');
        const stake = page.getByTestId('option-amount');
        await page.getByTestId('option-reset').click();
        await expect(stake).toHaveValue('0');
        // Typed before the 0 RESET left, as a click at the field's start puts the caret.
        await stake.focus();
        await stake.press('Home');
        await stake.pressSequentially('12.5');
        await expect(stake).toHaveValue('12.5');
        await expect(page.getByTestId('option-payout')).toHaveText('24.37 USDT');
        await saveScreenshot(`${width}-28-1-option-stake`);
      });

      test(`${width}: green is up by default, red-up on request; Long green (#28 item 2)`, async ({
        page,
        saveScreenshot,
      }) => {
        await page.goto('/futures');
        if (mobile) await page.getByTestId('view-trade').click();
        await expect(page.getByTestId('buy-long')).toHaveCSS('background-color', GREEN);
        await expect(page.getByTestId('sell-short')).toHaveCSS('background-color', RED);
        await saveScreenshot(`${width}-28-2-futures-green-up`, { fullPage: false });
        await page.evaluate(() => localStorage.setItem('upDownColours', 'red-up'));
        await page.reload();
        if (mobile) await page.getByTestId('view-trade').click();
        await expect(page.getByTestId('buy-long')).toHaveCSS('background-color', RED);
        await page.evaluate(() => localStorage.removeItem('upDownColours'));
        await page.goto('/options');
        await expect(page.getByTestId('option-long')).toHaveCSS('background-color', GREEN);
      });

      test(`${width}: Withdraw All leaves the fee; total assets is spot + futures; Round opened known mid-round (#28 items 4, 9)`, async ({
        page,
        baseUrl,
        session,
      }) => {
        const balance = await balanceOf(baseUrl, session!.accessToken);
        await page.goto('/withdraw');
        await page.getByTestId('withdraw-all').click();
        await expect(page.getByTestId('withdraw-amount')).toHaveValue(String(Math.floor(balance.bsc - 5)));
        const final = money(await page.getByTestId('withdraw-final').textContent());
        expect(final).toBeLessThanOrEqual(balance.bsc);

        const total = (balance.bsc + balance.usdtm).toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        if (mobile) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByTestId('mobile-menu')).toContainText(`Total assets ${total} USDT`);
          await page.getByRole('button', { name: 'Close menu' }).click();
        } else await expect(page.getByTestId('total-assets')).toContainText(total);

        await page.goto('/options');
        await expect(page.getByTestId('option-round-open')).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 10_000 });
      });
    });

    test(`${width}: a new trader's 100 % orders are accepted; Close and TP/SL in view; labels; cancelled orders in Order History (#28 items 3, 4, 9, 12)`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(240_000);
      const trader = await fundedTrader(baseUrl, `ux${width}`, 1_000);
      await openAs(page, trader, '/futures');
      await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
      await chooseLeverage(page, 10);

      // Max with the slider at 0 is what 100 % would cost, not 0.00 (item 9).
      expect(money(await page.getByTestId('max-long').textContent())).toBeGreaterThan(990);

      // Item 4: a limit order at 100 % of the balance rests (the server accepts it, fees and rounding included).
      await page.getByTestId('order-price').fill(await restingBuyPrice(baseUrl));
      await pressPercent(page, 100);
      await page.getByTestId('buy-long').click();
      await expectToast(page, 'Order successfully completed.');
      await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(1)');
      await saveScreenshot(`${width}-28-4-limit-100`, { fullPage: false });
      // The user cancels it: Order History says so (item 12).
      await page.getByTestId('tab-orders').click();
      await page.getByTestId('cancel-order').click();
      await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(0)');

      // A market long at 60 %, then a resting buy at 20 %.
      await page.getByRole('tab', { name: 'Market' }).click();
      await pressPercent(page, 60);
      await page.getByTestId('buy-long').click();
      await expect(page.getByTestId('tab-positions')).toHaveText('Positions(1)');
      await page.getByRole('tab', { name: 'Limit' }).click();
      await page.getByTestId('order-price').fill(await restingBuyPrice(baseUrl));
      await pressPercent(page, 20);
      await page.getByTestId('buy-long').click();
      await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(1)');

      // In use counts the position's margin and the order's hold (item 9).
      const balance = await balanceOf(baseUrl, trader.accessToken);
      const inUse =
        balance.usingRequiredAmount + balance.longWaitingRequiredAmount + balance.shortWaitingRequiredAmount;
      expect(balance.longWaitingRequiredAmount).toBeGreaterThan(0);
      // Shown to the cent, rounded down.
      const inUseCents = Math.floor(Math.round(inUse * 1_000_000) / 10_000);
      await expect
        .poll(async () => Math.round(money(await page.getByTestId('balance-in-use').textContent()) * 100))
        .toBe(inUseCents);

      // Item 3: Close and TP/SL are on screen, inside the positions panel, without scrolling sideways.
      await page.getByTestId('tab-positions').click();
      const row = page.getByTestId('position-row');
      for (const action of ['position-close', 'position-tpsl-open']) {
        const button = row.getByTestId(action);
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        if (!mobile) {
          const panel = (await page.getByTestId('positions-table').locator('xpath=..').boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
        }
      }
      // Unrealised PnL in the colour of its sign (item 2), never "-0.00" (item 9).
      const pnl = page.getByTestId('position-pnl');
      const pnlText = (await pnl.textContent()) ?? '';
      expect(pnlText).not.toMatch(/^-0\.00/);
      if (pnlText.startsWith('+')) await expect(pnl).toHaveCSS('color', GREEN);
      else if (pnlText.startsWith('-')) await expect(pnl).toHaveCSS('color', RED);
      await expect(page.locator('.toast')).toHaveCount(0);
      await saveScreenshot(`${width}-28-3-positions`, { fullPage: mobile });

      // TP/SL cancels the resting order (seed 000 §9) and Order History shows both cancellations (item 12).
      await row.getByTestId('position-tpsl-open').click();
      const entry = money(await row.getByTestId('position-entry').textContent());
      await page.getByTestId('tpsl-tp').fill(String(Math.round(entry * 1.2)));
      await page.getByTestId('tpsl-sl').fill(String(Math.round(entry * 0.8)));
      await page.getByTestId('tpsl-confirm').click();
      await expectToast(page, 'Take Profit and Stop Loss have been updated.');
      await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(0)');
      await page.getByTestId('tab-history').click();
      await expect(page.locator('[data-testid="history-row"][data-status="cancelled"]')).toHaveCount(2);
      await expect(page.locator('[data-testid="history-row"][data-status="cancelled"]').first()).toContainText(
        'Canceled',
      );
      await saveScreenshot(`${width}-28-12-history`, { fullPage: mobile });

      // Item 4 again: a market order at 100 % of what is left is accepted.
      await page.getByTestId('tab-positions').click();
      const before = money(await row.getByTestId('position-size').textContent());
      await page.getByRole('tab', { name: 'Market' }).click();
      await pressPercent(page, 100);
      await page.getByTestId('buy-long').click();
      await expectToast(page, 'Order successfully completed.');
      await expect
        .poll(async () => money(await row.getByTestId('position-size').textContent()))
        .toBeGreaterThan(before);
      await expect(page.getByTestId('futures-message')).toHaveCount(0);
    });
  });
}
