import { expect, test } from '../harness/fixtures.ts';
import { DEMO_PASSWORD, expectDialog, expectFieldError, expectPath, openAs, storage } from '../harness/helpers.ts';

test('login: validation messages in order, Enter submits', async ({ page }) => {
  await openAs(page, null, '/login');
  const form = page.getByTestId('login-form');
  await form.getByRole('button', { name: 'Log In' }).click();
  await expectFieldError(page, 'login-form', 'Please enter your email.');
  await form.locator('input[name=email]').fill('demo@tickline.dev');
  await form.locator('input[name=password]').press('Enter');
  await expectFieldError(page, 'login-form', 'Please enter your password.');
});

test('login: the email field keeps what an email id can hold and drops other characters', async ({ page }) => {
  await openAs(page, null, '/login');
  const email = page.locator('[data-testid=login-form] input[name=email]');
  await email.pressSequentially('a b+c-d_e~`[]=;/\\\'x!#$%^&*(),.?":{}|<>@y.com');
  await expect(email).toHaveValue('ab+c-d_ex!#$%^&*(),.?":{}|<>@y.com');
});

test('login: wrong password shows the server errorMessage in a popup', async ({ page }) => {
  await openAs(page, null, '/login');
  await page.fill('[data-testid=login-form] input[name=email]', 'demo@tickline.dev');
  await page.fill('[data-testid=login-form] input[name=password]', 'wrong-password');
  await page.press('[data-testid=login-form] input[name=password]', 'Enter');
  const dialog = page.getByTestId('message-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog, 'popup shows a message').toHaveText(/\S/);
  expect(await storage(page, 'accessToken')).toBeNull();
});

test('login: on a Korean screen the server message is shown in Korean', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
  await openAs(page, null, '/login');
  await page.fill('[data-testid=login-form] input[name=email]', 'demo@tickline.dev');
  await page.fill('[data-testid=login-form] input[name=password]', 'wrong-password');
  await page.press('[data-testid=login-form] input[name=password]', 'Enter');
  await expectDialog(page, '이메일 또는 비밀번호가 올바르지 않습니다.');
});

test('login: a request failure shows "Please verify your username or password"', async ({ page }) => {
  await openAs(page, null, '/login');
  await page.route('**/api/v1/auth/login', (route) => route.abort('connectionrefused'));
  await page.fill('[data-testid=login-form] input[name=email]', 'demo@tickline.dev');
  await page.fill('[data-testid=login-form] input[name=password]', DEMO_PASSWORD);
  await page.press('[data-testid=login-form] input[name=password]', 'Enter');
  await expectDialog(page, 'Please verify your username or password');
});

test('login: success stores userid, level, accessToken, refreshToken and replaces the location with /', async ({
  page,
}) => {
  await openAs(page, null, '/login');
  await page.fill('[data-testid=login-form] input[name=email]', 'partner4@tickline.dev');
  await page.fill('[data-testid=login-form] input[name=password]', DEMO_PASSWORD);
  await page.press('[data-testid=login-form] input[name=password]', 'Enter');
  await expectPath(page, '/');
  expect(await storage(page, 'userid')).toBe('partner4@tickline.dev');
  expect(await storage(page, 'level')).toBe('4');
  expect(await storage(page, 'accessToken')).toBeTruthy();
  expect(await storage(page, 'refreshToken')).toBeTruthy();
  // Replaced, not pushed: going back does not return to the login screen.
  await page.goBack().catch(() => undefined);
  expect(new URL(page.url()).pathname).not.toBe('/login');
});
