// The options screen (seed 001 §2–§5, issue #14) on the demo platform at 1440 and 375 px: validation, quick-adds, a
// bet drawn on the chart and counted, and (at 1440 px) its round settling live, pushed, with the result and a toast.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { expectDialog, expectToast } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900, account: 'partner4@tickline.dev' },
  { width: 375, height: 812, account: 'partner5@tickline.dev' },
] as const;

/** Bets are refused in a round's last 5 s: wait until the panel is open for entry. */
async function waitOpenForEntry(page: Page): Promise<void> {
  await expect(page.getByTestId('option-countdown')).toHaveAttribute('data-closed', 'false', { timeout: 10_000 });
  const seconds = Number(((await page.getByTestId('option-seconds').textContent()) ?? '0').replace(/\D/g, ''));
  if (seconds <= 8) await expect(page.getByTestId('option-seconds')).toHaveText(/^(5\d|60)s$/, { timeout: 15_000 });
}

for (const { width, height, account } of WIDTHS) {
  test.describe(`options at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`logged out at ${width} px: Log In shown, Long sends to /login`, async ({ page, saveScreenshot }) => {
      await page.goto('/options');
      await expect(page.getByTestId('option-login')).toBeVisible();
      await expect(page.getByTestId('option-seconds')).toHaveText(/^\d{2}s$/);
      await expect(page.getByTestId('option-index')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      await saveScreenshot(`${width}-options-logged-out`, { fullPage: false });
      await page.getByTestId('option-long').click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test.describe('logged in', () => {
      test.use({ account });

      test(`trader at ${width} px: messages, quick-adds, a long drawn and counted${width === 1440 ? ', settled live' : ''}`, async ({
        page,
        saveScreenshot,
      }) => {
        test.setTimeout(150_000);
        await page.goto('/options');
        await expect(page.getByTestId('option-available')).toHaveText(/^[\d,]+\.\d{2} USDT$/);
        await page.getByTestId('option-long').click();
        await expectDialog(page, 'Please enter the amount');
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
        await page.getByTestId('option-add-10').click();
        await page.getByTestId('option-add-50').click();
        await expect(page.getByTestId('option-amount')).toHaveValue('60');
        await expect(page.getByTestId('option-payout')).toHaveText('117.00 USDT');
        await page.getByTestId('option-reset').click();
        await expect(page.getByTestId('option-amount')).toHaveValue('0');
        await page.getByTestId('option-short').click();
        await expectDialog(page, 'Please enter the amount');
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
        await page.getByTestId('option-amount').fill('');
        await page.getByTestId('option-amount').pressSequentially('1,0a');
        await expect(page.getByTestId('option-amount')).toHaveValue('10');

        const recentTab = page.getByTestId('option-tab-recent');
        await expect(recentTab).toHaveText(/^Recent Transaction\(\d+\)$/);
        const before = Number(((await recentTab.textContent()) ?? '').replace(/\D/g, ''));
        await waitOpenForEntry(page);
        await page.getByTestId('option-long').click();
        await expectToast(page, 'Order successfully completed.');
        await expect(recentTab).toHaveText(`Recent Transaction(${Math.min(before + 1, 20)})`);
        await expect(page.locator('[data-testid=option-lines] [data-kind=long]')).toHaveCount(1);
        const first = page.getByTestId('option-recent').locator('tbody tr').first();
        await expect(first.getByTestId('option-result')).toHaveText('WAIT');
        await expect(first.getByTestId('option-live')).toHaveText(/^(Winning|Losing|Even) [+-]?[\d,]+\.\d{2}$/);
        await saveScreenshot(`${width}-options-bet`, { fullPage: width < 768 });
        if (width !== 1440) return;

        // The round ends: the result arrives on the user stream, with its toast, and the price line goes. The toast
        // is watched for from now: it shows for 2 s, and on a loaded host the result check alone can take longer.
        const resultToast = page
          .locator('.toast', { hasText: /(Won|Lost) .* USDT on your LONG bet\.|Equal price/ })
          .first()
          .waitFor({ state: 'visible', timeout: 100_000 });
        await expect(first.getByTestId('option-result')).toHaveText(/^(LONG|SHORT|ERROR)$/, { timeout: 90_000 });
        await expect(first.getByTestId('option-pnl')).toHaveText(/^[+-]?[\d,]+\.\d{2}$/);
        await resultToast;
        await expect(page.locator('[data-testid=option-lines] [data-kind=long]')).toHaveCount(0);
        await saveScreenshot(`${width}-options-settled`, { fullPage: false });

        await page.getByTestId('option-tab-history').click();
        await expect(page.getByTestId('option-history-result').first()).toHaveText(/^(HIGHER|LOWER|EQ)$/);
        await expect(page.getByTestId('option-pages')).toBeVisible();

        // The settled bet links to its round's audit: settlement, both ticks and the quotes they are the median of.
        await page.getByTestId('option-history').locator('tbody tr').first().getByTestId('option-round-link').click();
        await expect(page).toHaveURL(/\/options\/round\/\d+\?side=1&open=/);
        await expect(page.getByTestId('audit-status')).toHaveText('Settled');
        const closePrice = page.getByTestId('audit-close-price');
        await expect(closePrice).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
        await expect(page.getByTestId('audit-result')).toHaveText((await closePrice.textContent()) ?? '');
        await expect(page.getByTestId('audit-close-sources').locator('tbody tr')).toHaveCount(1);
        await expect(page.getByTestId('audit-close-sources').locator('tbody tr').first()).toContainText('simulated');
        await expect(page.getByTestId('audit-bet')).toHaveText(
          /^Your bet: LONG at [\d,]+\.\d{2}(HIGHER · won|LOWER · lost|EQ · stake refunded)$/,
        );
        await saveScreenshot('1440-options-round-audit', { fullPage: true });
        await page.setViewportSize({ width: 375, height: 812 });
        await expect(page.getByTestId('audit-open')).toBeVisible();
        await saveScreenshot('375-options-round-audit', { fullPage: true });
      });
    });
  });
}
