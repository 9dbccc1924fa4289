import { expect, test } from '../harness/fixtures.ts';
import { expectFieldError, expectToast, makePng, openAs } from '../harness/helpers.ts';

test('register: the seven step-1 messages in order, then step 2', async ({ page }) => {
  await openAs(page, null, '/register');
  const form = 'register-form';
  const next = page.locator(`[data-testid=${form}] button[type=submit]`);
  const field = (name: string) => page.locator(`[data-testid=${form}] input[name=${name}]`);

  await next.click();
  await expectFieldError(page, form, 'Please enter your email.');
  await field('email').fill('not-an-email');
  await next.click();
  await expectFieldError(page, form, 'Please Input your ID as an email.');
  await field('email').fill('new.user@example.com');
  await next.click();
  await expectFieldError(page, form, 'Please enter your password.');
  await field('password').fill('Secret123!');
  await next.click();
  await expectFieldError(page, form, 'Please enter your confirm password.');
  await field('confirmPassword').fill('Secret123?');
  await next.click();
  await expectFieldError(page, form, 'Passwords do not match');
  await field('confirmPassword').fill('Secret123!');
  await next.click();
  await expectFieldError(page, form, 'Please enter your name.');
  await field('name').fill('Kim');
  await next.click();
  await expectFieldError(page, form, 'Please enter your phone number.');
  await field('phone').fill('01012345678');
  await next.click();
  await expect(page.getByRole('heading', { name: 'KYC Photo Verification' })).toBeVisible();
});

test('register: name keeps letters and digits, phone is formatted 3-4-4', async ({ page }) => {
  await openAs(page, null, '/register');
  const name = page.locator('[data-testid=register-form] input[name=name]');
  const phone = page.locator('[data-testid=register-form] input[name=phone]');
  await name.pressSequentially('Jo hn_Doe-7!');
  await expect(name).toHaveValue('JohnDoe7');
  await phone.pressSequentially('010a1234b5678 9');
  await expect(phone).toHaveValue('010-1234-5678');
});

test('register: referral code from /register/:code is kept in the hidden field', async ({ page }) => {
  await openAs(page, null, '/register/REF42X');
  const hidden = page.locator('[data-testid=register-form] input[name=referralCode]');
  expect(await hidden.getAttribute('type')).toBe('hidden');
  await expect(hidden).toHaveValue('REF42X');
});

test('register: step 2 requires an image (JPEG or PNG)', async ({ page }) => {
  await openAs(page, null, '/register');
  await page.fill('[data-testid=register-form] input[name=email]', 'img.check@example.com');
  await page.fill('[data-testid=register-form] input[name=password]', 'Secret123!');
  await page.fill('[data-testid=register-form] input[name=confirmPassword]', 'Secret123!');
  await page.fill('[data-testid=register-form] input[name=name]', 'Lee');
  await page.fill('[data-testid=register-form] input[name=phone]', '01098765432');
  await page.locator('[data-testid=register-form] button[type=submit]').click();
  const kyc = page.getByTestId('kyc-form');
  await kyc.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Please select an image before uploading.');
  await kyc
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Please select an image before uploading.');
  expect(await page.getByTestId('kyc-preview').count()).toBe(0);
  await kyc.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByTestId('kyc-preview')).toBeVisible();
});
