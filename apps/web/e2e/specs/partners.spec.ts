// The partner back office (seed 001 §2 "Manager screens", seed 000 /affiliates counts) at 1440 and 375 px, as the
// demo chain's top partner (level 7) and its bottom partner (level 2, the demo member's referrer), and the member
// sent back to /.
import type { Page } from '@playwright/test';
import { withAccount } from '../harness/account-lock.ts';
import { expect, test } from '../harness/fixtures.ts';
import { readFile } from 'node:fs/promises';
import { api, apiLogin, expectDialog, expectPath, expectToast, openAs } from '../harness/helpers.ts';
import { AFFILIATE_ROUTES } from './routes.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;
const PARTNERS = [
  { account: 'partner7@tickline.dev', level: 7 },
  { account: 'partner2@tickline.dev', level: 2 },
] as const;

/** Seed 001 §2.6: the Option table's columns, in order. */
const OPTION_COLUMNS = [
  'Date',
  'Name',
  'UID',
  'Symbol',
  'Type',
  'Size',
  'Open Price',
  'Result Price',
  'Bet Type',
  'Result',
  'PNL',
];

async function closeDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('message-dialog')).toHaveCount(0);
}

const screenName = (width: number, level: number, screen: string) => `${width}-partners-${level}-${screen}`;

for (const { width, height } of WIDTHS) {
  test.describe(`partner screens at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    for (const { account, level } of PARTNERS) {
      test.describe(`as level ${level}`, () => {
        test.use({ account });

        test(`dashboard at ${width} px, level ${level}: seed 000 counts and today's figures`, async ({
          page,
          saveScreenshot,
        }) => {
          await page.goto('/affiliates');
          await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
          for (const id of ['belowReferCount', 'belowMemberCount', 'todayJoinCount', 'weekJoinCount'])
            await expect(page.getByTestId(id)).toHaveText(/^\d[\d,]*$/);
          // The demo chain 7→6→5→4→3→2→demo: each partner refers at least one account directly (other specs may
          // register more under a partner's code on the shared platform).
          await expect(page.getByTestId('belowReferCount')).toHaveText(/^[1-9]\d*$/);
          await expect(page.getByTestId('belowMemberCount')).toHaveText(level === 7 ? /^[6-9]\d*|\d{2,}$/ : /^\d+$/);
          await expect(
            page.getByText('The estimated settlement for the day is refreshed every 5 minutes.'),
          ).toBeVisible();
          await saveScreenshot(screenName(width, level, 'dashboard'));
        });

        test(`partner status at ${width} px, level ${level}: fields, settlements, tiers`, async ({
          page,
          saveScreenshot,
        }) => {
          await page.goto('/affiliates/partner');
          await expect(page.getByRole('heading', { name: 'Partner Status' })).toBeVisible();
          const fields = page.getByTestId('partner-fields');
          for (const label of ['Level', 'Name', 'Fee rate', 'Members', 'Phone'])
            await expect(fields).toContainText(label);
          const settlements = page.getByTestId('partner-settlements');
          for (const label of ['Today Settlement', 'Week Settlement', 'Total Settlement'])
            await expect(settlements).toContainText(label);
          await expect(page.getByTestId('partner-level')).toHaveText(level === 7 ? 'Secret' : 'Influencer');
          if (level === 7) {
            // Super first, down to Influencer; Fees Apply only on the top (direct downline) tier.
            const tiers = page.locator('[data-testid^="tier-"]:not([data-testid^="tier-table"])');
            await expect(tiers).toHaveCount(5);
            await expect(tiers.first()).toHaveAttribute('data-testid', 'tier-superUsers');
            await expect(tiers.last()).toHaveAttribute('data-testid', 'tier-influencerUsers');
            await expect(page.getByTestId('fees-apply')).toHaveCount(1);
            await expect(page.getByTestId('tier-superUsers').getByTestId('fees-apply')).toBeVisible();
          } else {
            await expect(page.getByText('No partner tiers below Influencer: your downline is members.')).toBeVisible();
            await expect(page.getByTestId('fees-apply')).toHaveCount(0);
          }
          await saveScreenshot(screenName(width, level, 'partner'));
        });

        test(`members at ${width} px, level ${level}: list and server search`, async ({ page, saveScreenshot }) => {
          await page.goto('/affiliates/members');
          await expect(page.getByRole('heading', { name: 'Members Management' })).toBeVisible();
          const table = page.getByTestId('members-table');
          await expect(table.locator('thead th')).toHaveText([
            'UID',
            'Name',
            'Email (ID)',
            'Invitation code',
            'USDT (BEP-20)',
            'USDT Futures',
            'Total USDT',
            'Joined',
            'Last access',
          ]);
          await saveScreenshot(screenName(width, level, 'members'));
        });

        test(`settlement history at ${width} px, level ${level}: note, summary, withdrawable, tabs`, async ({
          page,
          saveScreenshot,
        }) => {
          await page.goto('/affiliates/history');
          await expect(page.getByRole('heading', { name: 'Settlement History' })).toBeVisible();
          await expect(
            page.getByText('The estimated settlement for the day is refreshed every 5 minutes.'),
          ).toBeVisible();
          const summary = page.getByTestId('history-summary');
          for (const label of ['User Deposit', 'User Withdraw', 'User Balance', 'Received', 'Today Settlement'])
            await expect(summary).toContainText(label);
          await expect(page.getByTestId('withdrawable')).toHaveAttribute('readonly', '');
          await expect(page.getByTestId('settlement-apply')).toHaveText('Apply');
          await expect(page.getByRole('tab', { name: 'Apply' })).toHaveAttribute('aria-selected', 'true');
          await expect(page.getByTestId('applications-table').locator('thead th')).toHaveText([
            'Date',
            'State',
            'Amount',
          ]);
          await page.getByRole('tab', { name: 'Settlement' }).click();
          await expect(page.getByTestId('settlement-days').locator('thead th')).toHaveText([
            'Day',
            'Rate',
            'Settlement',
          ]);
          await saveScreenshot(screenName(width, level, 'history'));
        });

        test(`affiliate withdrawal at ${width} px, level ${level}: digits only, All, messages, 22:00 note`, async ({
          page,
          saveScreenshot,
        }) => {
          await page.goto('/affiliates/withdraw');
          await expect(page.getByRole('heading', { name: 'Withdrawal', exact: true })).toBeVisible();
          await expect(page.getByTestId('batch-note')).toHaveText(
            'Batch withdrawals are processed at 10 PM Korean time.',
          );
          await expect(page.getByTestId('manager-withdrawals').locator('thead th')).toHaveText([
            'Date',
            'State',
            'Address',
            'Amount',
          ]);
          await page.getByTestId('withdraw-apply').click();
          await expectDialog(page, 'Please enter the withdrawal amount.');
          await closeDialog(page);
          await page.getByTestId('withdraw-amount').fill('0');
          await page.getByTestId('withdraw-apply').click();
          await expectDialog(page, 'Please enter the withdrawal amount.');
          await closeDialog(page);
          await page.getByTestId('withdraw-amount').fill('');
          await page.getByTestId('withdraw-amount').pressSequentially('1a2.3-');
          // Digits only, but a decimal point stays in the field and is refused, never dropped (#28 item 1).
          await expect(page.getByTestId('withdraw-amount')).toHaveValue('12.3');
          await page.getByTestId('withdraw-apply').click();
          await expectDialog(page, 'Whole USDT only: remove the decimal point.');
          await closeDialog(page);
          await page.getByTestId('withdraw-amount').fill('123');
          await page.getByTestId('withdraw-apply').click();
          await expectDialog(page, 'Please enter the walletAddress.');
          await closeDialog(page);
          // All = bsc − 50, floored at 0, in whole units.
          await expect(page.getByTestId('withdraw-bsc')).toHaveText(/^[\d,]+\.\d{2}USDT$/);
          const bscText = (await page.getByTestId('withdraw-bsc').textContent()) ?? '';
          const bscWhole = BigInt(bscText.split('.')[0]!.replaceAll(',', ''));
          await page.getByTestId('withdraw-all').click();
          await expect(page.getByTestId('withdraw-amount')).toHaveValue(String(bscWhole > 50n ? bscWhole - 50n : 0n), {
            timeout: 5000,
          });
          await saveScreenshot(screenName(width, level, 'withdraw'));
        });

        test(`trading at ${width} px, level ${level}: search, summary, option table`, async ({
          page,
          saveScreenshot,
        }) => {
          await page.goto('/affiliates/trading');
          await expect(page.getByRole('heading', { name: 'Trading History' })).toBeVisible();
          await expect(page.getByTestId('trading-search-type').locator('option')).toHaveText(['Name', 'ID']);
          const summary = page.getByTestId('trading-summary');
          for (const label of ['Total User Revenue', 'Total User Loss', 'Total User PNL'])
            await expect(summary).toContainText(label);
          await expect(page.getByTestId('trading-table').locator('thead th')).toHaveText(OPTION_COLUMNS);
          await saveScreenshot(screenName(width, level, 'trading'));
        });
      });
    }
  });
}

test.describe('member', () => {
  for (const route of AFFILIATE_ROUTES) {
    test(`partners: the level-1 member on ${route} is sent to /`, async ({ baseUrl, page }) => {
      const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
      await openAs(page, tokens, route);
      await expectPath(page, '/');
    });
  }
});

/** The demo member bets 1 USDT on the current round (retried past the closed last seconds of a round). */
async function demoMemberBets(baseUrl: string): Promise<void> {
  // The stake leaves the demo member's wallet: not while another test of that account reads it (account-lock.ts).
  await withAccount(baseUrl, 'demo@tickline.dev', async () => {
    const { accessToken } = await apiLogin(baseUrl, 'demo@tickline.dev');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await api(baseUrl, 'POST', '/optionOrder/register', {
        token: accessToken,
        body: { symbol: 1, betType: 1, volume: 1 },
      });
      if (answer.code === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 6000));
    }
    throw new Error('the demo member could not place an option order');
  });
}

test.describe('with the partner API', () => {
  test.describe('as level 7', () => {
    test.use({ account: 'partner7@tickline.dev' });

    test('Fees Apply on the Super tier shows Success and the fee the server computed', async ({ page }) => {
      await page.goto('/affiliates/partner');
      const superTier = page.getByTestId('tier-table-superUsers');
      const percent = superTier.locator('input[data-testid^="percent-"]').first();
      await expect(percent).toHaveValue(/^\d+$/);
      const value = await percent.inputValue();
      await percent.fill('150');
      await percent.blur();
      await expect(percent).toHaveValue('100');
      await percent.fill(value);
      await page.getByTestId('fees-apply').click();
      await expectToast(page, 'Success');
      const fee = (await page.getByTestId('partner-fee').textContent())!.replace('%', '');
      const shown = superTier.locator('[data-testid^="result-fee-"]').first();
      // The Super partner's rate is the caller's × percent / 100 (exact for these demo figures).
      await expect(shown).toHaveText(`${String((Number(fee) * Number(value)) / 100).replace(/\.0+$/, '')}%`);
    });
  });

  test.describe('as level 2', () => {
    test.use({ account: 'partner2@tickline.dev' });

    test('members: the server search finds the demo member by email and nothing for a stranger; CSV has it', async ({
      page,
    }) => {
      await page.goto('/affiliates/members');
      const table = page.getByTestId('members-table');
      await expect(table).toContainText('demo@tickline.dev');
      await page.getByTestId('members-search').fill('demo@tickline.dev');
      await page.getByTestId('members-search-button').click();
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await expect(table.locator('tbody tr')).toContainText('Demo');
      const download = page.waitForEvent('download');
      await page.getByTestId('members-csv').click();
      const file = await (await download).path();
      const csv = await readFile(file, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFno,name,email,referralCode,bsc,usdtm,usdt,insertDate,updateDate');
      expect(csv).toContain('demo@tickline.dev');
      await page.getByTestId('members-search').fill('nobody.matches.this');
      await page.getByTestId('members-search-button').click();
      await expect(table).toContainText('No members found.');
    });

    test('trading: the demo member option shows, found by name, gone for another name', async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      await demoMemberBets(baseUrl);
      await page.goto('/affiliates/trading');
      const table = page.getByTestId('trading-table');
      await expect(table.locator('tbody tr').first()).toContainText('Demo');
      await expect(table.locator('tbody tr').first()).toContainText('BTCUSDT');
      await expect(table.locator('tbody tr').first()).toContainText('1 Minute');
      await saveScreenshot('1440-partners-2-trading-orders');
      await page.getByTestId('trading-search').fill('Nobody');
      await page.getByTestId('trading-search-button').click();
      await expect(table).toContainText('No option orders.');
      await page.getByTestId('trading-search').fill('Demo');
      await page.getByTestId('trading-search-button').click();
      await expect(table.locator('tbody tr').first()).toContainText('Demo');
    });

    test('withdrawal: a request clears the form, shows the message and lists 진행중', async ({ page }) => {
      await page.goto('/affiliates/withdraw');
      await page.getByTestId('withdraw-amount').fill('10');
      await page.getByTestId('withdraw-address').fill('0x742d35Cc6634C0532925a3b844Bc454e4438f44e');
      await page.getByTestId('withdraw-apply').click();
      await expectDialog(page, 'Withdrawal request has been completed.');
      await closeDialog(page);
      await expect(page.getByTestId('withdraw-amount')).toHaveValue('');
      await expect(page.getByTestId('withdraw-address')).toHaveValue('');
      const first = page.getByTestId('manager-withdrawals').locator('tbody tr').first();
      await expect(first).toContainText('진행중');
      await expect(first).toContainText('10.00');
    });

    test('settlement history: Apply sends the withdrawable settlement and shows the server answer', async ({
      page,
    }) => {
      await page.goto('/affiliates/history');
      await expect(page.getByTestId('withdrawable')).toHaveValue(/^-?[\d,]+\.\d{2}$/);
      await page.getByTestId('settlement-apply').click();
      await expect(page.getByTestId('message-dialog')).not.toBeEmpty();
    });
  });
});
