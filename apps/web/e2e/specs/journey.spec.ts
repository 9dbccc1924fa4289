import { expect, test } from '../harness/fixtures.ts';
import {
  api,
  apiLogin,
  expectPath,
  expectToast,
  makePng,
  openAs,
  registerViaApi,
  storage,
  uniqueEmail,
} from '../harness/helpers.ts';

test('journey: register with a photo via a referral link, log in, profile shows "Verification pending.", copy link, log out', async ({
  baseUrl,
  context,
  page,
}) => {
  test.setTimeout(90_000);
  const partner = await apiLogin(baseUrl, 'partner2@tickline.dev');
  const partnerInfo = await api<{ referralCode: string }>(baseUrl, 'GET', '/user/info', {
    token: partner.accessToken,
  });
  const referralCode = partnerInfo.data.referralCode;
  const email = uniqueEmail('journey');
  const password = 'Journey123!';

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await openAs(page, null, `/register/${referralCode}`);
  await page.fill('[data-testid=register-form] input[name=email]', email);
  await page.fill('[data-testid=register-form] input[name=password]', password);
  await page.fill('[data-testid=register-form] input[name=confirmPassword]', password);
  await page.fill('[data-testid=register-form] input[name=name]', 'Journey');
  await page.locator('[data-testid=register-form] input[name=phone]').pressSequentially('01055512345');
  await page.locator('[data-testid=register-form] button[type=submit]').click();

  const kyc = page.getByTestId('kyc-form');
  await kyc
    .locator('input[type=file]')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: makePng(320, 240) });
  await expect(page.getByTestId('kyc-preview')).toBeVisible();
  // Watched inside the page, from the success toast to the route change: a busy test process cannot miss the
  // moment or shorten the wait.
  const afterToast = page.evaluate(
    () =>
      new Promise<{ disabledAtToast: boolean; toastToLoginMs: number }>((resolve) => {
        let toastAt: number | undefined;
        let disabledAtToast = false;
        const poll = () => {
          const toast = Array.from(document.querySelectorAll('.toast')).some((element) =>
            element.textContent?.includes('Successfully registered.'),
          );
          if (toastAt === undefined && toast) {
            toastAt = performance.now();
            const button = document.querySelector<HTMLButtonElement>('[data-testid=kyc-form] button[type=submit]');
            disabledAtToast = button?.disabled === true;
          }
          if (toastAt !== undefined && location.pathname === '/login')
            resolve({ disabledAtToast, toastToLoginMs: performance.now() - toastAt });
          else setTimeout(poll, 10);
        };
        poll();
      }),
  );
  await kyc.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Successfully registered.');
  await expectPath(page, '/login');
  const { disabledAtToast, toastToLoginMs } = await afterToast;
  expect(disabledAtToast, 'Create Account stays disabled after submitting').toBe(true);
  expect(toastToLoginMs, 'waits about a second before going to /login').toBeGreaterThanOrEqual(500);

  await page.fill('[data-testid=login-form] input[name=email]', email);
  await page.fill('[data-testid=login-form] input[name=password]', password);
  await page.press('[data-testid=login-form] input[name=password]', 'Enter');
  await expectPath(page, '/');
  expect(await storage(page, 'userid')).toBe(email);
  expect(await storage(page, 'level')).toBe('1');

  await page.goto('/profile');
  await expect(page.getByTestId('kyc-status').filter({ hasText: 'Verification pending.' })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  const expectedLink = `${baseUrl}/register/${referralCode}`;
  await expect(page.getByTestId('referral-link')).toHaveValue(expectedLink);

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expectToast(page, 'The referralLink has been copied to the clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedLink);

  await page.getByTestId('profile-logout').click();
  await expectPath(page, '/login');
  expect(await storage(page, 'accessToken')).toBeNull();
  await page.goto('/profile');
  await expectPath(page, '/login');
});

test('profile: copying fails gracefully with "Failed to copy the link."', async ({ baseUrl, page }) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  await openAs(page, tokens, '/profile');
  await expect(page.getByTestId('kyc-status').filter({ hasText: 'You are verified.' })).toBeVisible();
  // A string, so the test compiler's helpers never end up in the page.
  await page.evaluate(`Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: () => Promise.reject(new Error('denied')) },
    configurable: true,
  })`);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expectToast(page, 'Failed to copy the link.');
});

test('verification: requires an image, then "Successfully updated." and back after 1 s', async ({ baseUrl, page }) => {
  const user = await registerViaApi(baseUrl, 'kyc');
  const tokens = await apiLogin(baseUrl, user.userid, user.password);
  await openAs(page, tokens, '/profile');
  await expect(page.getByTestId('kyc-status').filter({ hasText: 'Verification pending.' })).toBeVisible();
  await page.goto('/verification');
  const form = page.getByTestId('verification-form');
  await form.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Please select an image before uploading.');
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: makePng(200, 150) });
  await expect(page.getByTestId('kyc-preview')).toBeVisible();
  await form.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Successfully updated.');
  await expectPath(page, '/profile');
});

test('session: an expired access token is refreshed silently with the refresh token', async ({ baseUrl, page }) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  await openAs(page, { ...tokens, accessToken: 'expired.invalid.token' }, '/profile');
  await expect(page.getByTestId('profile-email').filter({ hasText: 'demo@tickline.dev' })).toBeVisible();
  const accessToken = await storage(page, 'accessToken');
  const refreshToken = await storage(page, 'refreshToken');
  expect(accessToken, 'a new access token is stored').toBeTruthy();
  expect(accessToken, 'a new access token is stored').not.toBe('expired.invalid.token');
  expect(refreshToken, 'the refresh token rotated').toBeTruthy();
  expect(refreshToken, 'the refresh token rotated').not.toBe(tokens.refreshToken);
});

test('session: when the refresh fails too, the session is cleared and /profile goes to /login', async ({
  baseUrl,
  page,
}) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  await openAs(
    page,
    { ...tokens, accessToken: 'expired.invalid.token', refreshToken: 'not-a-refresh-token' },
    '/profile',
  );
  await expectPath(page, '/login');
  expect(await storage(page, 'accessToken')).toBeNull();
});

test('feedback: messages for a missing title and body, then stored and closed', async ({ page }) => {
  await openAs(page, null, '/fee');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const form = page.getByTestId('feedback-form');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input title please');
  await form.locator('input[name=title]').fill('   ');
  await page.waitForTimeout(2100); // the first toast is gone after 2 s
  // Counted once, not awaited: the toast must already be gone, not merely go eventually.
  expect(await page.locator('.toast', { hasText: 'Please input title please' }).count(), 'toast lasts 2 s').toBe(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input title please');
  await form.locator('input[name=title]').fill('Chart colours');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input your feedback please');
  await form.locator('textarea[name=body]').fill('Please add a light theme.');
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/v1/feedback'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveCount(0);
  const answer = (await (await stored).json()) as { code: number };
  expect(answer.code).toBe(0);
});
