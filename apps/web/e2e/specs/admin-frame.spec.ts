// #28 item 8: the operator console in its own frame (no traders' header or footer), a State for every user, and the
// revenue table's note about the days it leaves out in plain words.
import { expect, test } from '../harness/fixtures.ts';

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`operator console at ${width} px`, () => {
    test.use({ account: 'operator@tickline.dev', viewport: { width, height } });

    test('its own frame and navigation, a State for every user, the hidden days said plainly', async ({
      page,
      saveScreenshot,
    }) => {
      await page.goto('/admin');
      const frame = page.getByTestId('admin-frame');
      await expect(page.getByTestId('admin-console')).toBeVisible();
      await expect(frame.getByRole('link', { name: /Operator console/ })).toBeVisible();
      await expect(frame.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(frame.getByRole('link', { name: 'Trader site' })).toBeVisible();
      // None of the traders' frame.
      await expect(page.locator('footer')).toHaveCount(0);
      for (const traderLink of ['Buy Crypto', 'Markets', 'Earn'])
        await expect(page.getByText(traderLink, { exact: true })).toHaveCount(0);
      if (width >= 1024) await expect(page.getByTestId('admin-operator')).toHaveText('operator@tickline.dev');
      await saveScreenshot(`${width}-28-admin-frame`, { fullPage: false });

      // The demo member (KYC verified, nothing frozen) is "Active", not a blank cell.
      await page.getByTestId('admin-nav-users').click();
      await page.getByTestId('user-search').fill('demo@tickline.dev');
      const userRow = page.locator('[data-testid=user-row][data-user="demo@tickline.dev"]');
      await expect(userRow.locator('td').nth(3)).toHaveText('Active');
      await saveScreenshot(`${width}-28-admin-users-state`, { fullPage: false });

      await page.getByTestId('admin-nav-market').click();
      await expect(page.getByTestId('market-panel')).toBeVisible();
      const quiet = page.getByTestId('quiet-days');
      await expect(quiet).toHaveText(/^ · Days without revenue hidden: \d+$/);
      await expect(page.getByTestId('market-panel')).not.toContainText('without any hidden');
    });
  });
}
