// The wallet screens (seed 001 §2–§9, issue #15) on the demo platform at 1440 and 375 px: a faucet deposit confirmed
// live, every withdraw and transfer validation message, a withdrawal approved by an operator, a transfer.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { api, apiLogin, expectDialog, expectToast } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900, account: 'demo@tickline.dev' },
  { width: 375, height: 812, account: 'partner7@tickline.dev' },
] as const;

/** A USDT figure on screen ("1,234.50 USDT") in cents, to compare without floating point. */
async function centsIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function closeDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('message-dialog')).toHaveCount(0);
}

const freshAddress = () => `0x${randomBytes(20).toString('hex')}`;

for (const { width, height, account } of WIDTHS) {
  test.describe(`wallet at ${width} px`, () => {
    test.use({ viewport: { width, height }, account });

    test(`deposit at ${width} px: the faucet's transfer shows confirming, then completed, and the balance grows`, async ({
      page,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/wallet');
      await expect(page.getByTestId('assets-spot')).toHaveText(/\d USDT$/);
      const spotBefore = await centsIn(page, 'assets-spot');
      await saveScreenshot(`${width}-wallet-assets`, { fullPage: false });
      await page.getByTestId('assets-tab-futures').click();
      await expect(page.getByTestId('assets-transfer')).toHaveAttribute('href', '/transfer/futures');
      await page.getByTestId('assets-tab-spot').click();
      await page.getByTestId('assets-deposit').click();

      await expect(page).toHaveURL(/\/deposit$/);
      await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
      await expect(page.getByTestId('deposit-qr')).toBeVisible();
      await page.getByTestId('deposit-copy').click();
      await expectToast(page, 'Copied to clipboard');
      const rows = page.getByTestId('deposit-table').locator('tbody tr');
      const before = (await page.getByTestId('deposit-status').count()) ?? 0;
      await page.getByTestId('deposit-faucet').click();
      // Live from the user stream: the new row appears confirming, then completes, without a reload.
      await expect(page.getByTestId('deposit-status')).toHaveCount(Math.min(before + 1, 5), { timeout: 20_000 });
      await expect(page.getByTestId('deposit-status').first()).toHaveText(/^Confirming \d\/2$/);
      await saveScreenshot(`${width}-wallet-deposit-confirming`, { fullPage: width < 768 });
      await expect(page.getByTestId('deposit-status').first()).toHaveText('Completed', { timeout: 30_000 });
      await expect(rows.first()).toContainText('1,000.00');
      await saveScreenshot(`${width}-wallet-deposit-completed`, { fullPage: width < 768 });

      await page.getByTestId('view-more').click();
      await expect(page).toHaveURL(/\/deposit\/history$/);
      await expect(page.getByTestId('deposit-status').first()).toHaveText('Completed');
      await page.goto('/wallet');
      await expect.poll(() => centsIn(page, 'assets-spot')).toBe(spotBefore + 100_000);
    });

    test(`withdraw at ${width} px: every message, then registered, approved by an operator, sent with its hash`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/withdraw');
      await expect(page.getByTestId('withdraw-total')).toHaveText(/\d USDT$/);
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'Please input destination address.');
      await closeDialog(page);
      const address = freshAddress();
      await page.getByTestId('withdraw-address').fill(address);
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'Please input amount.');
      await closeDialog(page);
      // Whole USDT: letters are not taken, a decimal point stays and is refused (#28 item 1); the final amount adds
      // the network fee of 5.
      await page.getByTestId('withdraw-amount').pressSequentially('1a2.5-');
      await expect(page.getByTestId('withdraw-amount')).toHaveValue('12.5');
      await expect(page.getByTestId('amount-problem')).toHaveText('Whole USDT only: remove the decimal point.');
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'Whole USDT only: remove the decimal point.');
      await closeDialog(page);
      await page.getByTestId('withdraw-amount').fill('125');
      await expect(page.getByTestId('withdraw-final')).toHaveText('130.00 USDT');
      await expect(page.getByText('Network fee: 5 USDT · Minimum withdrawal: 10 USDT')).toBeVisible();
      // The server's rules, in the message popup.
      await page.getByTestId('withdraw-amount').fill('9');
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'The minimum withdrawal is 10 USDT.');
      await closeDialog(page);
      await page.getByTestId('withdraw-address').fill('0x1234');
      await page.getByTestId('withdraw-amount').fill('12');
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(
        page,
        'Please enter a valid BEP-20 address (0x and 40 hex digits; a mixed-case address must match its checksum).',
      );
      await closeDialog(page);
      await page.getByTestId('withdraw-all').click();
      // Withdraw All leaves the 5 USDT fee (#28 item 4).
      const all = Number(await page.getByTestId('withdraw-amount').inputValue());
      expect(all).toBe(Math.floor((await centsIn(page, 'withdraw-total')) / 100) - 5);
      await page.getByTestId('withdraw-address').fill(address);
      await page.getByTestId('withdraw-amount').fill('99999999');
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'A single withdrawal is at most 1,000,000 USDT.');
      await closeDialog(page);

      await page.getByTestId('withdraw-address').fill(address);
      await page.getByTestId('withdraw-amount').fill('12');
      await page.getByTestId('withdraw-submit').click();
      await expectToast(page, 'Successfully registered.');
      await expect(page.getByTestId('withdraw-address')).toHaveValue('');
      await expect(page.getByTestId('withdraw-status').first()).toHaveText('WAIT');
      await saveScreenshot(`${width}-wallet-withdraw-wait`, { fullPage: width < 768 });

      // An operator approves it: the row turns APPROVAL with its transaction hash, pushed to the open screen.
      const operator = await apiLogin(baseUrl, 'operator@tickline.dev');
      const queue = await api<{ withdrawals: Array<{ no: number; walletAddress: string }> }>(
        baseUrl,
        'GET',
        '/admin/withdrawals?status=1',
        { token: operator.accessToken },
      );
      const mine = queue.data.withdrawals.find((w) => w.walletAddress.toLowerCase() === address);
      expect(mine?.walletAddress.toLowerCase(), 'the withdrawal is in the operators queue').toBe(address);
      const approved = await api(baseUrl, 'POST', '/admin/withdrawals/approve', {
        token: operator.accessToken,
        body: { no: mine!.no },
      });
      expect(approved.code, approved.message).toBe(0);
      await expect(page.getByTestId('withdraw-status').first()).toHaveText('APPROVAL', { timeout: 15_000 });
      await expect(page.getByTestId('withdraw-tx').first()).toHaveAttribute('title', /^0x[0-9a-f]{64}$/);
      await saveScreenshot(`${width}-wallet-withdraw-approved`, { fullPage: width < 768 });

      // A second one, cancelled while it waits.
      await page.getByTestId('withdraw-address').fill(freshAddress());
      await page.getByTestId('withdraw-amount').fill('10');
      await page.getByTestId('withdraw-submit').click();
      await expectToast(page, 'Successfully registered.');
      await page.getByTestId('withdraw-cancel').first().click();
      await expectToast(page, 'The withdrawal has been cancelled.');
      await expect(page.getByTestId('withdraw-status').first()).toHaveText('CANCEL');
      await page.getByTestId('view-more').click();
      await expect(page).toHaveURL(/\/withdraw\/history$/);
      await expect(page.getByTestId('withdraw-status').nth(1)).toHaveText('APPROVAL');
    });

    test(`transfer at ${width} px: messages, MAX, both directions, recent and history`, async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/transfer/futures');
      await expect(page.getByTestId('transfer-from')).toHaveText('USDT (BEP-20)');
      await expect(page.getByTestId('transfer-to')).toHaveText('USDT Futures');
      await page.getByTestId('transfer-submit').click();
      await expectDialog(page, 'Please enter amout.');
      await closeDialog(page);
      await page.getByTestId('transfer-amount').fill('0');
      await page.getByTestId('transfer-submit').click();
      await expectDialog(page, 'Please enter amout.');
      await closeDialog(page);
      await page.getByTestId('transfer-amount').fill('');
      await page.getByTestId('transfer-amount').pressSequentially('2x5.');
      await expect(page.getByTestId('transfer-amount')).toHaveValue('25.');
      await page.getByTestId('transfer-amount').fill('999999999');
      await page.getByTestId('transfer-submit').click();
      await expectDialog(page, 'Your balance is not enough for this amount.');
      await closeDialog(page);
      await expect(page.getByTestId('transfer-available')).toHaveText(/\d USDT$/);
      // MAX: the available balance to the cent (transfers take cents, #28 item 1).
      await page.getByTestId('transfer-max').click();
      expect(Math.round(Number(await page.getByTestId('transfer-amount').inputValue()) * 100)).toBe(
        await centsIn(page, 'transfer-available'),
      );

      const available = await centsIn(page, 'transfer-available');
      await page.getByTestId('transfer-amount').fill('25');
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, 'Transfer completed.');
      await expect.poll(() => centsIn(page, 'transfer-available')).toBe(available - 2_500);
      const recent = page.getByTestId('transfer-table').locator('tbody tr').first();
      await expect(recent).toContainText('25.00');
      await expect(recent).toContainText('SUCCESS');
      await saveScreenshot(`${width}-wallet-transfer`, { fullPage: width < 768 });

      // Back the other way, after the swap arrow.
      await page.getByTestId('transfer-swap').click();
      await expect(page.getByTestId('transfer-from')).toHaveText('USDT Futures');
      await page.getByTestId('transfer-amount').fill('25');
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, 'Transfer completed.');
      await page.getByTestId('view-more').click();
      await expect(page).toHaveURL(/\/transfer\/history\/2$/);
      const history = page.getByTestId('transfer-table').locator('tbody tr');
      await expect(history.first()).toContainText('USDT Futures');
      await expect(history.nth(1)).toContainText('USDT (BEP-20)');
    });
  });
}
