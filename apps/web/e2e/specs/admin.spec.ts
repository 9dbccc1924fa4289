// The operator console (#16) as operator@tickline.dev at 1440 px (and a look at 375 px): a new user's KYC approved
// with its image, ledger health green, the audit log listing the decision; everyone else sent home.
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

test.describe('the console for anyone else', () => {
  test.use({ account: 'partner7@tickline.dev' });

  test('a partner opening /admin is sent home', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('admin-console')).toHaveCount(0);
  });
});
