import assert from 'node:assert/strict';
import { test } from '../harness/runner.ts';
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

test(
  'journey: register with a photo via a referral link, log in, profile shows "Verification pending.", copy link, log out',
  async ({ baseUrl, newPage }) => {
    const partner = await apiLogin(baseUrl, 'partner2@tickline.dev');
    const partnerInfo = await api<{ referralCode: string }>(baseUrl, 'GET', '/user/info', {
      token: partner.accessToken,
    });
    const referralCode = partnerInfo.data.referralCode;
    const email = uniqueEmail('journey');
    const password = 'Journey123!';

    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
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
    await page.getByTestId('kyc-preview').waitFor();
    const create = kyc.getByRole('button', { name: 'Create Account' });
    await create.click();
    await expectToast(page, 'Successfully registered.');
    assert.equal(await create.isDisabled(), true, 'Create Account stays disabled after submitting');
    const registeredAt = Date.now();
    await expectPath(page, '/login');
    assert.ok(Date.now() - registeredAt >= 500, 'waits about a second before going to /login');

    await page.fill('[data-testid=login-form] input[name=email]', email);
    await page.fill('[data-testid=login-form] input[name=password]', password);
    await page.press('[data-testid=login-form] input[name=password]', 'Enter');
    await expectPath(page, '/');
    assert.equal(await storage(page, 'userid'), email);
    assert.equal(await storage(page, 'level'), '1');

    await page.goto('/profile');
    await page.getByTestId('kyc-status').filter({ hasText: 'Verification pending.' }).waitFor();
    assert.equal((await page.getByTestId('profile-email').textContent())?.trim(), email);
    const expectedLink = `${baseUrl}/register/${referralCode}`;
    assert.equal(await page.getByTestId('referral-link').inputValue(), expectedLink);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'The referralLink has been copied to the clipboard!');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expectedLink);

    await page.locator('.profile__logout').click();
    await expectPath(page, '/login');
    assert.equal(await storage(page, 'accessToken'), null);
    await page.goto('/profile');
    await expectPath(page, '/login');
  },
  { timeoutMs: 90_000 },
);

test('profile: copying fails gracefully with "Failed to copy the link."', async ({ baseUrl, newPage }) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  const page = await newPage();
  await openAs(page, tokens, '/profile');
  await page.getByTestId('kyc-status').filter({ hasText: 'You are verified.' }).waitFor();
  // A string, so the test compiler's helpers never end up in the page.
  await page.evaluate(`Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: () => Promise.reject(new Error('denied')) },
    configurable: true,
  })`);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Failed to copy the link.');
});

test('verification: requires an image, then "Successfully updated." and back after 1 s', async ({
  baseUrl,
  newPage,
}) => {
  const user = await registerViaApi(baseUrl, 'kyc');
  const tokens = await apiLogin(baseUrl, user.userid, user.password);
  const page = await newPage();
  await openAs(page, tokens, '/profile');
  await page.getByTestId('kyc-status').filter({ hasText: 'Verification pending.' }).waitFor();
  await page.goto('/verification');
  const form = page.getByTestId('verification-form');
  await form.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Please select an image before uploading.');
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: makePng(200, 150) });
  await page.getByTestId('kyc-preview').waitFor();
  await form.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Successfully updated.');
  await expectPath(page, '/profile');
});

test('session: an expired access token is refreshed silently with the refresh token', async ({ baseUrl, newPage }) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  const page = await newPage();
  await openAs(page, { ...tokens, accessToken: 'expired.invalid.token' }, '/profile');
  await page.getByTestId('profile-email').filter({ hasText: 'demo@tickline.dev' }).waitFor();
  const accessToken = await storage(page, 'accessToken');
  const refreshToken = await storage(page, 'refreshToken');
  assert.ok(accessToken && accessToken !== 'expired.invalid.token', 'a new access token is stored');
  assert.ok(refreshToken && refreshToken !== tokens.refreshToken, 'the refresh token rotated');
});

test('session: when the refresh fails too, the session is cleared and /profile goes to /login', async ({
  baseUrl,
  newPage,
}) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  const page = await newPage();
  await openAs(
    page,
    { ...tokens, accessToken: 'expired.invalid.token', refreshToken: 'not-a-refresh-token' },
    '/profile',
  );
  await expectPath(page, '/login');
  assert.equal(await storage(page, 'accessToken'), null);
});

test('feedback: messages for a missing title and body, then stored and closed', async ({ newPage }) => {
  const page = await newPage();
  await openAs(page, null, '/fee');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const form = page.getByTestId('feedback-form');
  await form.waitFor();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input title please');
  await form.locator('input[name=title]').fill('   ');
  await page.waitForTimeout(2100); // the first toast is gone after 2 s
  assert.equal(await page.locator('.toast', { hasText: 'Please input title please' }).count(), 0, 'toast lasts 2 s');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input title please');
  await form.locator('input[name=title]').fill('Chart colours');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please input your feedback please');
  await form.locator('textarea[name=body]').fill('Please add a light theme.');
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/v1/feedback'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.waitFor({ state: 'detached' });
  const answer = (await (await stored).json()) as { code: number };
  assert.equal(answer.code, 0);
});
