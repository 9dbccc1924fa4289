// #18 item 3, registration fails early, at 1440 and 375 px: step 1 asks POST /auth/checkRegister before step 2,
// so a password the server refuses, a taken id or an unknown referral code is said at step 1 and no photo is
// uploaded; a link's unknown code is said at once, with a way on without it; after registering, /login has the id.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { expectPath, makePng, openAs, uniqueEmail } from '../harness/helpers.ts';

const form = '[data-testid=register-form]';

async function fillStep1(page: Page, fields: { email: string; password: string }) {
  await page.fill(`${form} input[name=email]`, fields.email);
  await page.fill(`${form} input[name=password]`, fields.password);
  await page.fill(`${form} input[name=confirmPassword]`, fields.password);
  await page.fill(`${form} input[name=name]`, 'Early');
  await page.fill(`${form} input[name=phone]`, '01055598765');
}

/** Counts the requests the page makes to the upload and check endpoints. */
function watchRequests(page: Page) {
  const seen = { uploads: 0, checks: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/upload/images')) seen.uploads += 1;
    if (request.url().includes('/api/v1/auth/checkRegister')) seen.checks += 1;
  });
  return seen;
}

const fieldError = (page: Page, name: string) =>
  page.locator(`${form} .field`, { has: page.locator(`input[name=${name}]`) }).locator('.field__error');

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 767 ? 900 : 812 } });

    test(`${width}: a refused password and a taken id are said at step 1, with no upload`, async ({
      page,
      saveScreenshot,
    }) => {
      const seen = watchRequests(page);
      await openAs(page, null, '/register');
      await expect(page.locator(form)).toContainText('8 to 128 characters.');
      await fillStep1(page, { email: uniqueEmail('early'), password: 'short7!' });
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(fieldError(page, 'password')).toHaveText('The password must be 8 to 128 characters long.');
      await saveScreenshot(`${width}-register-password-rule`);

      await fillStep1(page, { email: 'demo@tickline.dev', password: 'Secret123!' });
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(fieldError(page, 'email')).toHaveText('This email is already registered.');
      await saveScreenshot(`${width}-register-taken-id`);

      await expect(page.locator(form)).toBeVisible();
      expect(seen.checks, 'each Next asked the server').toBe(2);
      expect(seen.uploads, 'no photo was uploaded').toBe(0);
    });

    test(`${width}: an unknown code from the link is said at once; going on without it registers, /login has the id`, async ({
      page,
      saveScreenshot,
    }) => {
      test.setTimeout(90_000);
      const seen = watchRequests(page);
      await openAs(page, null, '/register/NOPE2345');
      const problem = page.getByTestId('referral-problem');
      await expect(problem).toContainText('This referral code does not exist.');
      await saveScreenshot(`${width}-register-unknown-code`);
      const email = uniqueEmail('early');
      await fillStep1(page, { email, password: 'Secret123!' });
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(problem).toBeVisible();
      await page.waitForTimeout(300);
      await expect(page.getByTestId('kyc-form')).toHaveCount(0);
      expect(seen.uploads, 'no photo was uploaded').toBe(0);

      await problem.getByRole('button', { name: 'Continue without a referral code' }).click();
      await expect(page.locator(`${form} input[name=referralCode]`)).toHaveValue('');
      await page.getByRole('button', { name: 'Next' }).click();
      const kyc = page.getByTestId('kyc-form');
      await kyc.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
      await kyc.getByRole('button', { name: 'Create Account' }).click();
      await expectPath(page, '/login');
      await expect(page.locator('[data-testid=login-form] input[name=email]')).toHaveValue(email);
      expect(seen.uploads).toBe(1);
    });
  });
}
