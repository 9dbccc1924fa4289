// #18 item 4, small defects, at 1440 and 375 px: logged-in /login and /register go home; About has a page of its
// own; a verified user's /verification says so; the notifications panel stays inside a phone's screen; toasts
// leave the page title readable; the profile shows the deposit address Find Password asks for, with Copy.
import { expect, test } from '../harness/fixtures.ts';
import { api, expectPath, openAs } from '../harness/helpers.ts';

const DEMO = 'demo@tickline.dev';

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 767 ? 900 : 812 } });

    test.describe('logged in', () => {
      test.use({ account: DEMO });

      test(`${width}: /login and /register send a logged-in user to /`, async ({ page }) => {
        for (const path of ['/login', '/register', '/register/ABCDEFGH']) {
          await page.goto(path);
          await expectPath(page, '/');
        }
      });

      test(`${width}: /verification tells a verified user so, with no upload offered`, async ({ page }) => {
        await page.goto('/verification');
        await expect(page.getByTestId('kyc-verified')).toContainText('You are verified.');
        await expect(page.getByTestId('verification-form')).toHaveCount(0);
        await page.getByRole('link', { name: 'Back to your profile' }).click();
        await expectPath(page, '/profile');
      });

      test(`${width}: the profile shows the deposit address with Copy; the toast leaves the title visible`, async ({
        page,
        context,
        baseUrl,
        session,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
        const info = await api<{ bscAddress: string }>(baseUrl, 'GET', '/user/info', { token: session!.accessToken });
        await page.goto('/profile');
        const address = page.getByTestId('deposit-address');
        await expect(address).toHaveValue(info.data.bscAddress);
        await page.getByTestId('profile-deposit').getByRole('button', { name: 'Copy' }).click();
        const toast = page.locator('.toast', { hasText: 'The deposit address has been copied' });
        await expect(toast).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.data.bscAddress);
        const title = await page.getByRole('heading', { level: 1, name: 'Profile' }).boundingBox();
        const box = await toast.boundingBox();
        const overlaps =
          box!.x < title!.x + title!.width &&
          title!.x < box!.x + box!.width &&
          box!.y < title!.y + title!.height &&
          title!.y < box!.y + box!.height;
        expect(overlaps, 'the toast does not cover the page title').toBe(false);
      });

      test(`${width}: the notifications panel opens inside the screen`, async ({ page, saveScreenshot }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Notifications' }).click();
        const panel = page.getByTestId('notifications-panel');
        await expect(panel).toBeVisible();
        const box = (await panel.boundingBox())!;
        expect(box.x, 'left edge inside the screen').toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, 'right edge inside the screen').toBeLessThanOrEqual(width);
        await saveScreenshot(`${width}-notifications`, { fullPage: false });
      });
    });

    test(`${width}: the footer's About opens the about page (operator, product, contact)`, async ({ page }) => {
      await openAs(page, null, '/');
      await page.locator('footer').getByRole('link', { name: 'About', exact: true }).click();
      await expectPath(page, '/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Tickline' })).toBeVisible();
      const about = page.getByTestId('about');
      await expect(about).toContainText('Tickline Technologies Limited');
      await expect(about).toContainText('perpetual futures');
      await expect(about.getByRole('link', { name: 'legal@tickline.dev' })).toHaveAttribute(
        'href',
        'mailto:legal@tickline.dev',
      );
    });

    test(`${width}: Find Password says where the deposit address is shown`, async ({ page }) => {
      await openAs(page, null, '/findpass');
      await expect(page.getByTestId('findpass-form')).toContainText('Deposit screen');
    });
  });
}
