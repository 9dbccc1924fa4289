import assert from 'node:assert/strict';
import { test } from '../harness/runner.ts';
import { apiLogin, expectPath, expectStaysOn, openAs } from '../harness/helpers.ts';
import { AFFILIATE_ROUTES, LOGIN_REQUIRED_ROUTES, PUBLIC_ROUTES } from './routes.ts';

for (const route of LOGIN_REQUIRED_ROUTES) {
  test(`guard: logged out, ${route} redirects to /login`, async ({ newPage }) => {
    const page = await newPage();
    await openAs(page, null, route);
    await expectPath(page, '/login');
    await page.getByTestId('login-form').waitFor();
  });
}

for (const route of PUBLIC_ROUTES) {
  test(`guard: logged out, public ${route} stays open`, async ({ newPage }) => {
    const page = await newPage();
    await openAs(page, null, route);
    await expectStaysOn(page, route);
  });
}

test('guard: logged in as a member, every login-required non-affiliate route opens', async ({ baseUrl, newPage }) => {
  const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
  const page = await newPage();
  for (const route of LOGIN_REQUIRED_ROUTES.filter((entry) => !AFFILIATE_ROUTES.includes(entry))) {
    await openAs(page, tokens, route);
    await expectStaysOn(page, route);
    await page.locator('h1').first().waitFor();
  }
});

for (const route of AFFILIATE_ROUTES) {
  test(`guard: level 1 member on ${route} redirects to /`, async ({ baseUrl, newPage }) => {
    const tokens = await apiLogin(baseUrl, 'demo@tickline.dev');
    assert.equal(tokens.level, 1);
    const page = await newPage();
    await openAs(page, tokens, route);
    await expectPath(page, '/');
  });
}

test('guard: a missing stored level counts as 1 on /affiliates', async ({ baseUrl, newPage }) => {
  const { accessToken, refreshToken } = await apiLogin(baseUrl, 'partner3@tickline.dev');
  const page = await newPage();
  await openAs(page, { accessToken, refreshToken }, '/affiliates/partner');
  await expectPath(page, '/');
});

test('guard: level 2 partner opens every /affiliates route, marked as not open yet', async ({ baseUrl, newPage }) => {
  const tokens = await apiLogin(baseUrl, 'partner2@tickline.dev');
  assert.equal(tokens.level, 2);
  const page = await newPage();
  for (const route of AFFILIATE_ROUTES) {
    await openAs(page, tokens, route);
    await expectStaysOn(page, route);
    await page.getByTestId('not-open').waitFor();
  }
});

test('guard: level 7 partner opens /affiliates/withdraw', async ({ baseUrl, newPage }) => {
  const tokens = await apiLogin(baseUrl, 'partner7@tickline.dev');
  const page = await newPage();
  await openAs(page, tokens, '/affiliates/withdraw');
  await expectStaysOn(page, '/affiliates/withdraw');
});
