// #28 item 11: the menus' placeholder pages look finished ("being prepared", as /earn), and the last English words
// of the Korean interface ("Fees Apply", the footer's "All rights reserved") are Korean.
import { expect, test } from '../harness/fixtures.ts';

const PAGES = [
  {
    path: '/buy-crypto',
    heading: 'Buy Crypto is being prepared.',
    next: 'Deposit',
    korean: '코인 구매 서비스를 준비하고 있습니다.',
  },
  {
    path: '/exchange',
    heading: 'Exchange is being prepared.',
    next: 'Markets',
    korean: '거래소 서비스를 준비하고 있습니다.',
  },
  {
    path: '/learn-crypto',
    heading: 'Learn Crypto is being prepared.',
    next: 'FAQ',
    korean: '코인 배우기 서비스를 준비하고 있습니다.',
  },
];

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('menu pages say their service is being prepared, without a mock-up frame', async ({
      page,
      saveScreenshot,
    }) => {
      for (const { path, heading, next } of PAGES) {
        await page.goto(path);
        await expect(page.getByTestId('menu-link-preparing')).toHaveText(heading);
        const main = page.locator('main');
        await expect(main.getByRole('link', { name: next, exact: true })).toBeVisible();
        await expect(page.getByTestId('not-open')).toHaveCount(0);
        await expect(main.getByText('Content', { exact: true })).toHaveCount(0);
      }
      await saveScreenshot(`${width}-28-learn-crypto-preparing`);
    });

    test('in Korean: the placeholders, the footer and Fees Apply', async ({ page, saveScreenshot }) => {
      await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
      for (const { path, korean } of PAGES) {
        await page.goto(path);
        await expect(page.getByTestId('menu-link-preparing')).toHaveText(korean);
      }
      const footer = page.locator('footer');
      await expect(footer).toContainText('모든 권리 보유.');
      await expect(footer).not.toContainText('All rights reserved');
      await saveScreenshot(`${width}-28-buy-crypto-ko`);
    });
  });
}

test.describe('a level-7 partner in Korean', () => {
  test.use({ account: 'partner7@tickline.dev' });

  test('the fee distribution button reads 수수료 적용', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
    await page.goto('/affiliates/partner');
    await expect(page.getByTestId('fees-apply')).toHaveText('수수료 적용');
  });
});
