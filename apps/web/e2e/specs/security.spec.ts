// The account security page (#17) at 1440 and 375 px on the demo platform: another session revoked (its next call is
// refused with 40000), a whitelisted address added and the whitelist turned on, two-factor enrolled by scanning the
// secret, a login that asks for the code, and a withdrawal to an address off the whitelist refused.
import { expect, test } from '../harness/fixtures.ts';
import { api, apiLogin, expectDialog, expectToast, openAs, registerViaApi } from '../harness/helpers.ts';
import { totpCode } from '../harness/totp.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;
const NOT_LISTED = '0x' + '7e'.repeat(20);
const LISTED = '0x' + '3c'.repeat(20);

for (const { width, height } of WIDTHS) {
  test.describe(`account security at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`security at ${width} px: revoke a session, whitelist on, enrol two-factor, log in with a code, withdrawal elsewhere refused`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      // A verified member (KYC approved by the operator), signed in here and on a second device.
      const user = await registerViaApi(baseUrl, `sec${width}`);
      const here = await apiLogin(baseUrl, user.userid, user.password);
      const info = await api<{ no: number }>(baseUrl, 'GET', '/user/info', { token: here.accessToken });
      const operator = await apiLogin(baseUrl, 'operator@tickline.dev');
      const decided = await api(baseUrl, 'POST', '/admin/kyc/decide', {
        token: operator.accessToken,
        body: { userNo: info.data.no, approveStatus: 1, reason: '' },
      });
      expect(decided.code, decided.message).toBe(0);
      const elsewhere = await apiLogin(baseUrl, user.userid, user.password);

      await openAs(page, here, '/profile');
      await page.getByTestId('security-link').click();
      await expect(page).toHaveURL(/\/profile\/security$/);
      const sessions = page.getByTestId('security-sessions').locator('tbody tr');
      await expect(sessions).toHaveCount(2);
      await expect(page.getByTestId('security-logins').locator('tbody tr')).toHaveCount(2);
      await saveScreenshot(`${width}-security`, { fullPage: true });

      // The other device's session ends: its next call is refused.
      await page.getByTestId('revoke-session').click();
      await expectToast(page, 'The session was ended.');
      await expect(sessions).toHaveCount(1);
      const refused = await api(baseUrl, 'GET', '/user/info', { token: elsewhere.accessToken });
      expect(refused.code).toBe(40000);

      // An address on the whitelist (usable in 24 h), then the whitelist on.
      await page.getByTestId('whitelist-address').fill(LISTED);
      await page.getByTestId('whitelist-add').click();
      await expectToast(page, 'The address was added. It can be used in 24 hours.');
      await expect(page.getByTestId('whitelist-addresses').locator('tbody tr')).toHaveCount(1);
      await page.getByTestId('whitelist-toggle').click();
      await expect(page.getByTestId('whitelist-state')).toHaveText(/^On:/);

      // Two-factor: the page shows the QR code and its secret; this test is the authenticator app.
      await page.getByTestId('totp-start').click();
      await expect(page.getByTestId('totp-setup').locator('svg')).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await page.getByTestId('totp-code').fill(totpCode(secret, Date.now()));
      await page.getByTestId('totp-submit').click();
      await expectToast(page, 'Two-factor authentication is on.');
      await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      await saveScreenshot(`${width}-security-recovery-codes`, { fullPage: true });
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await expect(page.getByTestId('totp-state')).toHaveText(/^On:/);

      // Logging in again asks for the code. The enrolment spent this 30 s step's code: the app's next one is taken.
      await openAs(page, null, '/login');
      await page.locator('[data-testid=login-form] input[name=email]').fill(user.userid);
      await page.locator('[data-testid=login-form] input[name=password]').fill(user.password);
      await page.locator('[data-testid=login-form] button[type=submit]').click();
      await expect(page.getByTestId('login-otp')).toBeVisible();
      await page.getByTestId('login-otp').fill('000000');
      await page.locator('[data-testid=login-form] button[type=submit]').click();
      await expectDialog(page, 'The code is incorrect or has already been used.');
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByTestId('login-otp').fill(totpCode(secret, Date.now() + 30_000));
      await page.locator('[data-testid=login-form] button[type=submit]').click();
      await expect(page).toHaveURL(/\/$/);

      // With the whitelist on, a withdrawal to another address is refused before anything is held.
      await page.goto('/withdraw');
      await page.getByTestId('withdraw-address').fill(NOT_LISTED);
      await page.getByTestId('withdraw-amount').fill('20');
      await page.getByTestId('withdraw-submit').click();
      await expectDialog(page, 'Your withdrawal whitelist is on and this address is not on it.');
      await saveScreenshot(`${width}-security-withdraw-refused`, { fullPage: width < 768 });
    });
  });
}
