import { expect, test } from '../harness/fixtures.ts';
import { apiLogin, expectPath, expectStaysOn, openAs } from '../harness/helpers.ts';
import { AFFILIATE_ROUTES, LOGIN_REQUIRED_ROUTES, PUBLIC_ROUTES } from './routes.ts';

for (const route of LOGIN_REQUIRED_ROUTES) {
  test(`guard: logged out, ${route} redirects to /login`, async ({ page }) => {
    await openAs(page, null, route);
    await expectPath(page, '/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
  });
}

for (const route of PUBLIC_ROUTES) {
  test(`guard: logged out, public ${route} stays open`, async ({ page }) => {
    await openAs(page, null, route);
    await expectStaysOn(page, route);
  });
}

// One test per route (not one walking all of them), so a slow screen cannot eat the others' time.
for (const route of LOGIN_REQUIRED_ROUTES.filter((entry) => !AFFILIATE_ROUTES.includes(entry))) {
  test(`guard: logged in as a member, ${route} opens`, async ({ baseUrl, page }) => {
    const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
    await openAs(page, tokens, route);
    await expectStaysOn(page, route);
    await expect(page.locator('h1').first()).toBeVisible();
  });
}

for (const route of AFFILIATE_ROUTES) {
  test(`guard: level 1 member on ${route} redirects to /`, async ({ baseUrl, page }) => {
    const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
    expect(tokens.level).toBe(1);
    await openAs(page, tokens, route);
    await expectPath(page, '/');
  });
}

test('guard: a missing stored level counts as 1 on /affiliates', async ({ baseUrl, page }) => {
  const { accessToken, refreshToken } = await apiLogin(baseUrl, 'partner3@tickline.dev');
  await openAs(page, { accessToken, refreshToken }, '/affiliates/partner');
  await expectPath(page, '/');
});

for (const route of AFFILIATE_ROUTES) {
  test(`guard: level 2 partner opens ${route}`, async ({ baseUrl, page }) => {
    const tokens = await apiLogin(baseUrl, 'partner2@tickline.dev');
    expect(tokens.level).toBe(2);
    await openAs(page, tokens, route);
    await expectStaysOn(page, route);
    await expect(page.locator('[data-testid^="partners-"]')).toBeVisible();
  });
}

test('guard: level 7 partner opens /affiliates/withdraw', async ({ baseUrl, page }) => {
  const tokens = await apiLogin(baseUrl, 'partner7@tickline.dev');
  await openAs(page, tokens, '/affiliates/withdraw');
  await expectStaysOn(page, '/affiliates/withdraw');
});
