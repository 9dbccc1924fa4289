import { expect, test } from '../harness/fixtures.ts';
import {
  api,
  apiLogin,
  expectDialog,
  expectFieldError,
  expectPath,
  openAs,
  registerViaApi,
} from '../harness/helpers.ts';

test('find ID: validation messages in order', async ({ page }) => {
  await openAs(page, null, '/findid');
  const submit = page.locator('[data-testid=findid-form] button[type=submit]');
  await submit.click();
  await expectFieldError(page, 'findid-form', 'Please enter your email.');
  await page.fill('[data-testid=findid-form] input[name=email]', 'demo@tickline');
  await submit.click();
  await expectFieldError(page, 'findid-form', 'Not an email pattern.');
  await page.fill('[data-testid=findid-form] input[name=email]', 'demo@tickline.dev');
  await submit.click();
  await expectFieldError(page, 'findid-form', 'Please enter your phone.');
});

test('find ID: an 11-digit phone is formatted 3-4-4 and the answer is "Your User ID is ..."', async ({ page }) => {
  await openAs(page, null, '/findid');
  await page.fill('[data-testid=findid-form] input[name=email]', 'demo@tickline.dev');
  const phone = page.locator('[data-testid=findid-form] input[name=phone]');
  await phone.pressSequentially('01000000001');
  await expect(phone).toHaveValue('010-0000-0001');
  await page.locator('[data-testid=findid-form] button[type=submit]').click();
  await expectDialog(page, 'Your User ID is demo@tickline.dev');
});

test('find ID: no match shows the server message in a modal', async ({ page }) => {
  await openAs(page, null, '/findid');
  await page.fill('[data-testid=findid-form] input[name=email]', 'nobody@tickline.dev');
  await page.fill('[data-testid=findid-form] input[name=phone]', '01099999999');
  await page.locator('[data-testid=findid-form] button[type=submit]').click();
  const dialog = page.getByTestId('message-dialog');
  await expect(dialog).toBeVisible();
  expect((await dialog.textContent()) ?? '').not.toMatch(/Your User ID is/);
});

test('find password: the six validation messages in order', async ({ page }) => {
  await openAs(page, null, '/findpass');
  const form = 'findpass-form';
  const submit = page.locator(`[data-testid=${form}] button[type=submit]`);
  const field = (name: string) => page.locator(`[data-testid=${form}] input[name=${name}]`);
  await submit.click();
  await expectFieldError(page, form, 'Please enter your UserID.');
  await field('userid').fill('demo');
  await submit.click();
  await expectFieldError(page, form, 'Please Input your ID as an email.');
  await field('userid').fill('demo@tickline.dev');
  await submit.click();
  await expectFieldError(page, form, 'Please enter your USDT (BEP-20) Address.');
  await field('address').fill('0x0000000000000000000000000000000000000001');
  await submit.click();
  await expectFieldError(page, form, 'Please enter your new password.');
  await field('password').fill('Another123!');
  await submit.click();
  await expectFieldError(page, form, 'Please enter your new confirm password.');
  await field('confirmPassword').fill('Another123?');
  await submit.click();
  await expectFieldError(page, form, 'Passwords do not match');
});

test('find password: success says "Your password has been changed." and closing it goes to /login', async ({
  baseUrl,
  page,
}) => {
  const user = await registerViaApi(baseUrl, 'reset');
  const tokens = await apiLogin(baseUrl, user.userid, user.password);
  const info = await api<{ bscAddress: string }>(baseUrl, 'GET', '/user/info', { token: tokens.accessToken });
  await openAs(page, null, '/findpass');
  await page.fill('[data-testid=findpass-form] input[name=userid]', user.userid);
  await page.fill('[data-testid=findpass-form] input[name=address]', info.data.bscAddress);
  await page.fill('[data-testid=findpass-form] input[name=password]', 'Changed123!');
  await page.fill('[data-testid=findpass-form] input[name=confirmPassword]', 'Changed123!');
  await page.locator('[data-testid=findpass-form] button[type=submit]').click();
  await expectDialog(page, 'Your password has been changed.');
  await page.getByRole('button', { name: 'OK' }).click();
  await expectPath(page, '/login');
  await apiLogin(baseUrl, user.userid, 'Changed123!');
});
