// The operator console (#16) as operator@tickline.dev at 1440 px (and a look at 375 px): a new user's KYC approved
// with its image, ledger health green, the audit log listing the decision; a user found, its withdrawals frozen
// after a confirmation, the audit log listing that; the market and risk panel; the console in Korean; everyone else
// sent home.
import { withAccount } from '../harness/account-lock.ts';
import { expect, test } from '../harness/fixtures.ts';
import { api, apiLogin, registerViaApi } from '../harness/helpers.ts';

test.describe('operator console', () => {
  test.use({ account: 'operator@tickline.dev' });

  test('KYC approved from the queue, ledger health green, the audit log lists the decision', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    const user = await registerViaApi(baseUrl, 'kyc');
    page.on('dialog', (dialog) => void dialog.accept('blurred'));
    await page.goto('/admin');
    await expect(page.getByTestId('admin-console')).toBeVisible();
    const card = page.locator(`[data-testid=kyc-row][data-user="${user.userid}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('kyc-image')).toBeVisible();
    await saveScreenshot('1440-admin-kyc', { fullPage: false });
    await card.getByTestId('kyc-approve').click();
    await expect(page.getByTestId('admin-notice')).toHaveText(`${user.userid}: approved`);
    await expect(card).toHaveCount(0);
    const tokens = await apiLogin(baseUrl, user.userid, user.password);
    const info = await api<{ approveStatus: number }>(baseUrl, 'GET', '/user/info', { token: tokens.accessToken });
    expect(info.data.approveStatus).toBe(1);
    const alarms = await api<Array<{ content: string }>>(baseUrl, 'GET', '/alarm/lookup', {
      token: tokens.accessToken,
    });
    expect(JSON.stringify(alarms.data)).toContain('Your identity verification is approved.');

    await page.getByTestId('admin-nav-health').click();
    await expect(page.getByTestId('health-check')).toHaveCount(4);
    await expect(page.locator('[data-testid=health-check][data-ok=false]')).toHaveCount(0);
    await saveScreenshot('1440-admin-health', { fullPage: false });

    await page.getByTestId('admin-nav-audit').click();
    await expect(page.getByTestId('audit-row').filter({ hasText: 'kyc.decide' }).first()).toContainText(
      'operator@tickline.dev',
    );
    await saveScreenshot('1440-admin-audit', { fullPage: false });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('admin-nav-withdrawals').click();
    await expect(page.getByTestId('withdrawals-queue')).toBeVisible();
    await saveScreenshot('375-admin-withdrawals', { fullPage: true });
  });
});

test.describe('operator console: users and market', () => {
  test.use({ account: 'operator@tickline.dev' });

  test('a user found, withdrawals frozen after a confirmation, the audit log lists it; usable at 375 px', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    // A bet of the demo member, to find in the market panel once its round has settled.
    // The stake leaves the demo member's wallet: not while another test of that account reads it (account-lock.ts).
    const demo = await apiLogin(baseUrl, 'demo@tickline.dev');
    const placeBet = () =>
      api<{ no: number }>(baseUrl, 'POST', '/optionOrder/register', {
        token: demo.accessToken,
        body: { symbol: 1, betType: 1, volume: 3 },
      });
    const bet = await withAccount(baseUrl, 'demo@tickline.dev', async () => {
      const first = await placeBet();
      if (first.code !== 4005) return first;
      // The last 5 s of a round take no bets.
      await page.waitForTimeout(6_000);
      return placeBet();
    });
    expect(bet.code, bet.message).toBe(0);
    const waiting = await api<Array<{ no: number; roundStart: number }>>(baseUrl, 'GET', '/optionOrder/waitLookup', {
      token: demo.accessToken,
    });
    const roundStart = waiting.data.find((order) => order.no === bet.data.no)!.roundStart;

    const user = await registerViaApi(baseUrl, 'freeze');
    await page.goto('/admin');
    await page.getByTestId('admin-nav-users').click();
    await page.getByTestId('user-search').fill(user.userid);
    const row = page.locator(`[data-testid=user-row][data-user="${user.userid}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await row.click();
    const detail = page.locator(`[data-testid=user-detail][data-user="${user.userid}"]`);
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('KYC pending');
    await saveScreenshot('1440-admin-users', { fullPage: false });

    // Nothing happens without the confirmation, and the confirmation wants a reason.
    await detail.getByTestId('freeze-withdrawals').click();
    const confirm = page.getByTestId('confirm-action');
    await expect(confirm).toBeDisabled();
    await page.getByTestId('confirm-cancel').click();
    await expect(detail.getByTestId('flag-withdrawals-frozen')).toHaveCount(0);
    await detail.getByTestId('freeze-withdrawals').click();
    await page.getByTestId('confirm-reason').fill('E2E: withdrawals to a flagged address');
    await saveScreenshot('1440-admin-freeze-confirm', { fullPage: false });
    await confirm.click();
    await expect(page.getByTestId('admin-notice')).toHaveText(`${user.userid}: withdrawals frozen`);
    await expect(detail.getByTestId('flag-withdrawals-frozen')).toBeVisible();
    await expect(detail.getByTestId('freeze-reason')).toContainText('E2E: withdrawals to a flagged address');
    await expect(detail.getByTestId('freeze-withdrawals')).toHaveText('Unfreeze withdrawals');
    await expect(row.getByTestId('flag-withdrawals-frozen')).toBeVisible();

    const tokens = await apiLogin(baseUrl, user.userid, user.password);
    const refused = await api(baseUrl, 'POST', '/withdraw/register', {
      token: tokens.accessToken,
      body: { walletAddress: '0x000000000000000000000000000000000000dEaD', amount: 20 },
    });
    expect(refused.code).toBe(9002);

    // The partner level, changed after a confirmation: the member is a level-2 partner at once.
    await detail.getByTestId('partner-level').selectOption('2');
    await detail.getByTestId('partner-level-set').click();
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('admin-notice')).toHaveText(new RegExp(`^${user.userid}: now `));
    const info = await api<{ level: number }>(baseUrl, 'GET', '/user/info', { token: tokens.accessToken });
    expect(info.data.level).toBe(2);

    await page.getByTestId('admin-nav-audit').click();
    const entry = page.getByTestId('audit-row').filter({ hasText: 'user.freeze' }).first();
    await expect(entry).toContainText('operator@tickline.dev');
    await expect(entry).toContainText('"withdrawals":true');
    await expect(entry).toContainText('E2E: withdrawals to a flagged address');
    await saveScreenshot('1440-admin-audit-freeze', { fullPage: false });

    await page.getByTestId('admin-nav-market').click();
    await expect(page.getByTestId('market-panel')).toBeVisible();
    await expect(page.getByTestId('insurance-balance')).toHaveText(/\d/);
    // Today first (the demo traders' fees), quiet days hidden.
    await expect(page.getByTestId('revenue-day').first()).toContainText(
      new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10),
    );
    // The bet's round, once settled (the panel reads the newest rounds every 10 s), with the bet counted.
    const round = page.locator(`[data-testid=option-round][data-round="${roundStart}"]`);
    await expect(round).toBeVisible({ timeout: 90_000 });
    await expect(round.locator('td').nth(4)).toHaveText(/^[1-9]/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot('1440-admin-market', { fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('admin-nav-users').click();
    await page.getByTestId('user-search').fill(user.userid);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await page.locator(`[data-testid=user-row][data-user="${user.userid}"]`).click();
    await expect(page.getByTestId('user-detail')).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot('375-admin-users', { fullPage: true });
    await page.getByTestId('admin-nav-market').click();
    await expect(page.getByTestId('largest-positions')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot('375-admin-market', { fullPage: true });
  });
});

test.describe('operator console: four-eyes', () => {
  test.use({ account: 'operator@tickline.dev' });

  test('a withdrawal above the four-eyes amount is sent only after a second, different operator approves', async ({
    page,
    browser,
    baseUrl,
    saveScreenshot,
  }) => {
    test.setTimeout(150_000);
    // A verified user with 20,000 test USDT from the faucet asks for 15,000 (four-eyes from 10,000).
    const user = await registerViaApi(baseUrl, 'foureyes');
    const first = await apiLogin(baseUrl, 'operator@tickline.dev');
    const member = await apiLogin(baseUrl, user.userid, user.password);
    const info = await api<{ no: number }>(baseUrl, 'GET', '/user/info', { token: member.accessToken });
    const kyc = await api(baseUrl, 'POST', '/admin/kyc/decide', {
      token: first.accessToken,
      body: { userNo: info.data.no, approveStatus: 1 },
    });
    expect(kyc.code, kyc.message).toBe(0);
    // The operator asks for a small withdrawal of their own too: not theirs to decide (#27).
    const funded = async (token: string, amount: number) => {
      const faucet = await api(baseUrl, 'POST', '/demo/faucet', { token, body: { amount } });
      expect(faucet.code, faucet.message).toBe(0);
      const balance = async () => (await api<{ bsc: number }>(baseUrl, 'GET', '/user/balance', { token })).data.bsc;
      await expect.poll(balance, { timeout: 60_000 }).toBeGreaterThanOrEqual(amount);
    };
    await Promise.all([funded(member.accessToken, 20_000), funded(first.accessToken, 100)]);
    const withdraw = async (token: string, amount: number) => {
      const asked = await api<{ no: number }>(baseUrl, 'POST', '/withdraw/register', {
        token,
        body: { walletAddress: '0x000000000000000000000000000000000000dEaD', amount },
      });
      expect(asked.code, asked.message).toBe(0);
      return asked.data.no;
    };
    const no = await withdraw(member.accessToken, 15_000);
    const ownNo = await withdraw(first.accessToken, 50);

    const approveIn = async (console: typeof page, firstOfTwo: boolean) => {
      await console
        .locator(`[data-testid=withdrawals-row][data-no="${no}"]`)
        .getByTestId('withdrawals-approve')
        .click();
      await expect(console.getByRole('dialog')).toContainText('15,000.00 USDT');
      if (firstOfTwo) await expect(console.getByRole('dialog')).toContainText('your approval is the first of two');
      else await expect(console.getByRole('dialog')).not.toContainText('first of two');
      await console.getByTestId('confirm-action').click();
    };
    await page.goto('/admin');
    await page.getByTestId('admin-nav-withdrawals').click();
    const ownRow = page.locator(`[data-testid=withdrawals-row][data-no="${ownNo}"]`);
    await expect(ownRow.getByTestId('withdrawals-own')).toHaveText('Your own request: another operator decides it.');
    await expect(ownRow.getByTestId('withdrawals-approve')).toHaveCount(0);
    await expect(ownRow.getByTestId('withdrawals-refuse')).toHaveCount(0);
    await approveIn(page, true);
    await expect(page.getByTestId('admin-notice')).toHaveText(
      `#${no}: first approval recorded; a second operator must approve`,
    );
    await approveIn(page, false);
    await expect(page.getByTestId('admin-notice')).toHaveText(
      'This withdrawal needs a second approval from a different operator.',
    );
    await expect(page.locator(`[data-testid=withdrawals-row][data-no="${no}"]`)).toBeVisible();
    await saveScreenshot('1440-admin-four-eyes-first', { fullPage: false });

    // The second operator, in a browser of its own.
    const second = await apiLogin(baseUrl, 'operator2@tickline.dev');
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseUrl,
            localStorage: Object.entries(second).map(([name, value]) => ({ name, value: String(value) })),
          },
        ],
      },
    });
    try {
      const other = await context.newPage();
      await other.goto('/admin');
      await other.getByTestId('admin-nav-withdrawals').click();
      await approveIn(other, false);
      await expect(other.getByTestId('admin-notice')).toHaveText(`#${no}: approved`);
      await expect(other.locator(`[data-testid=withdrawals-row][data-no="${no}"]`)).toHaveCount(0);
      // The first operator's small withdrawal is the second one's to decide, on one approval.
      await other
        .locator(`[data-testid=withdrawals-row][data-no="${ownNo}"]`)
        .getByTestId('withdrawals-approve')
        .click();
      await expect(other.getByRole('dialog')).toContainText('50.00 USDT');
      await expect(other.getByRole('dialog')).not.toContainText('first of two');
      await other.getByTestId('confirm-cancel').click();
    } finally {
      await context.close();
    }

    await page.getByTestId('admin-nav-audit').click();
    await page.getByPlaceholder('action or area, e.g. kyc, withdrawal').fill('withdrawal');
    const entries = page.getByTestId('audit-row').filter({ hasText: `withdrawal ${no}` });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('operator2@tickline.dev');
    await expect(entries.nth(0)).toContainText('withdrawal.approve');
    await expect(entries.nth(1)).toContainText('operator@tickline.dev');
    await expect(entries.nth(1)).toContainText('withdrawal.first-approve');
    await saveScreenshot('1440-admin-four-eyes-audit', { fullPage: false });
  });
});

test.describe('operator console in Korean', () => {
  test.use({ account: 'operator@tickline.dev' });

  test('navigation, panels, a confirmation and a server refusal in Korean, at 1440 and 375 px', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    const user = await registerViaApi(baseUrl, 'kyc-ko');
    await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
    page.on('dialog', (dialog) => void dialog.dismiss()); // the reason for the rejection is not given
    await page.goto('/admin');
    await expect(page.getByTestId('admin-nav-users')).toHaveText('회원 관리');
    await expect(page.getByTestId('admin-nav-kyc')).toHaveText('KYC 심사');
    await expect(page.getByTestId('admin-nav-withdrawals')).toHaveText('출금 대기열');
    await expect(page.getByTestId('admin-nav-audit')).toHaveText('감사 로그');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('KYC 심사');
    // The server's refusal, in Korean as everywhere in the app.
    const card = page.locator(`[data-testid=kyc-row][data-user="${user.userid}"]`);
    await card.getByRole('button', { name: '거절' }).click();
    await expect(page.getByTestId('admin-notice')).toHaveText('거절 사유를 입력해 주세요(최대 500자).');
    await expect(card).toBeVisible();
    await saveScreenshot('1440-admin-ko-kyc', { fullPage: false });

    await page.getByTestId('admin-nav-users').click();
    await page.getByTestId('user-search').fill(user.userid);
    await page.locator(`[data-testid=user-row][data-user="${user.userid}"]`).click();
    const detail = page.getByTestId('user-detail');
    await expect(detail).toContainText('KYC 심사 중');
    await expect(detail.getByTestId('freeze-withdrawals')).toHaveText('출금 동결');
    await detail.getByTestId('freeze-withdrawals').click();
    await expect(page.getByRole('dialog')).toContainText('동결 해제 전까지 출금 신청이 거부되고');
    await expect(page.getByTestId('confirm-cancel')).toHaveText('취소');
    await saveScreenshot('1440-admin-ko-freeze-confirm', { fullPage: false });
    await page.getByTestId('confirm-cancel').click();
    await saveScreenshot('1440-admin-ko-users', { fullPage: true });

    await page.getByTestId('admin-nav-withdrawals').click();
    await expect(page.getByTestId('withdrawals-queue').locator('th').first()).toHaveText('번호');
    await expect(page.getByRole('button', { name: '대기', exact: true })).toBeVisible();
    await page.getByTestId('admin-nav-market').click();
    await expect(page.getByTestId('insurance-balance')).toContainText('보험 기금');
    await saveScreenshot('1440-admin-ko-market', { fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot('375-admin-ko-market', { fullPage: true });
    await page.getByTestId('admin-nav-users').click();
    await page.getByTestId('user-search').fill(user.userid);
    await page.locator(`[data-testid=user-row][data-user="${user.userid}"]`).click();
    await expect(page.getByTestId('user-detail')).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot('375-admin-ko-users', { fullPage: true });
    await page.getByTestId('admin-nav-withdrawals').click();
    await expect(page.getByTestId('withdrawals-queue')).toBeVisible();
    await saveScreenshot('375-admin-ko-withdrawals', { fullPage: true });
  });
});

test.describe('the console for anyone else', () => {
  test.use({ account: 'partner7@tickline.dev' });

  test('a partner opening /admin is sent home', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('admin-console')).toHaveCount(0);
  });
});
