import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { openAs, storage } from '../harness/helpers.ts';

const RED = '#f6465d';
const GREEN = '#0ecb81';

const marketColours = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { up: style.getPropertyValue('--up').trim(), down: style.getPropertyValue('--down').trim() };
  });

test('price colours: green up by default (#28 item 2); the header switch swaps --up and --down, persists, errors stay red', async ({
  page,
}) => {
  await openAs(page, null, '/login');
  expect(await marketColours(page)).toEqual({ up: GREEN, down: RED });
  const switchButton = page.getByTestId('updown-switch');
  await expect(switchButton).toHaveAccessibleName('Price colours: Green up / Red down');

  await switchButton.click();
  await expect(switchButton).toHaveAccessibleName('Price colours: Red up / Green down');
  expect(await marketColours(page)).toEqual({ up: RED, down: GREEN });
  expect(await storage(page, 'upDownColours')).toBe('red-up');

  // Outcome colours do not follow the market colours: a validation error is red either way.
  await page.getByTestId('login-form').getByRole('button', { name: 'Log In' }).click();
  await expect(page.locator('.field__error')).toHaveCSS('color', 'rgb(246, 70, 93)');

  await page.reload();
  expect(await marketColours(page)).toEqual({ up: RED, down: GREEN });
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'red-up');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('price colours: the mobile menu offers both, the current one pressed', async ({ page }) => {
    await openAs(page, null, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const group = page.getByTestId('mobile-menu').getByRole('group', { name: 'Price colours' });
    const redUp = group.getByRole('button', { name: 'Red up / Green down' });
    const greenUp = group.getByRole('button', { name: 'Green up / Red down' });
    await expect(greenUp).toHaveAttribute('aria-pressed', 'true');
    await expect(redUp).toHaveAttribute('aria-pressed', 'false');
    await redUp.click();
    await expect(redUp).toHaveAttribute('aria-pressed', 'true');
    await expect(greenUp).toHaveAttribute('aria-pressed', 'false');
    expect(await marketColours(page)).toEqual({ up: RED, down: GREEN });
    expect(await storage(page, 'upDownColours')).toBe('red-up');
  });
});
