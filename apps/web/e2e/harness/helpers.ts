import { randomBytes } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { makePng } from './png.ts';

export const DEMO_PASSWORD = 'Demo1234!';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function api<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; form?: FormData } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
  return (await response.json()) as Envelope<T>;
}

export interface Tokens {
  userid: string;
  level: number;
  accessToken: string;
  refreshToken: string;
}

export async function apiLogin(baseUrl: string, userid: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const answer = await api<{ level: number; accessToken: string; refreshToken: string }>(
    baseUrl,
    'POST',
    '/auth/login',
    {
      body: { userid, password },
    },
  );
  expect(answer.code, `login of ${userid} failed: ${answer.message}`).toBe(0);
  return { userid, ...answer.data };
}

/**
 * A platform of a spec's own seeds the demo accounts while it already answers: waits until each of `userids` can sign
 * in, a second apart (five failed sign-ins would start the account's throttle).
 */
export async function untilSignedIn(baseUrl: string, userids: readonly string[]): Promise<void> {
  for (const userid of userids)
    await expect
      .poll(
        async () => (await api(baseUrl, 'POST', '/auth/login', { body: { userid, password: DEMO_PASSWORD } })).code,
        {
          timeout: 30_000,
          intervals: [1_000],
        },
      )
      .toBe(0);
}

/** Letters, digits and dots only: the seeds' login field does not accept '-', '_' or '+'. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(2).toString('hex')}@e2e.tickline.dev`;
}

export interface NewUser {
  userid: string;
  password: string;
  name: string;
  phone: string;
}

/** Registers through the API (upload, then register), as the register screen does. */
export async function registerViaApi(baseUrl: string, prefix: string, referralCode = ''): Promise<NewUser> {
  const form = new FormData();
  form.append('uploadFile', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'kyc.png');
  const upload = await api<{ images: string[] }>(baseUrl, 'POST', '/upload/images', { form });
  expect(upload.code, `upload failed: ${upload.message}`).toBe(0);
  const digits = String(Date.now()).slice(-8);
  const user: NewUser = {
    userid: uniqueEmail(prefix),
    password: 'Secret123!',
    name: `E2E${digits.slice(-4)}`,
    phone: `010-${digits.slice(0, 4)}-${digits.slice(4)}`,
  };
  const registered = await api(baseUrl, 'POST', '/auth/register', {
    body: { ...user, referralCode, verificationImage: upload.data.images[0] },
  });
  expect(registered.code, `register failed: ${registered.message}`).toBe(0);
  return user;
}

/** A browser context of its own at `viewport`, signed in as `tokens` (seed keys in local storage), and its page. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  tokens: Tokens,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const localStorage = Object.entries(tokens).map(([name, value]) => ({ name, value: String(value) }));
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage }] },
  });
  return { context, page: await context.newPage() };
}

/** Puts a session into local storage the way the login screen does (seed keys), then opens `path`. */
export async function openAs(page: Page, tokens: Partial<Tokens> | null, path: string): Promise<void> {
  // Any document of the origin gives its local storage; a small JSON answer, not a screen that boots the app.
  await page.goto('/api/v1/server/serverTime');
  await page.evaluate((session) => {
    localStorage.clear();
    if (!session) return;
    for (const [key, value] of Object.entries(session))
      if (value !== undefined) localStorage.setItem(key, String(value));
  }, tokens);
  await page.goto(path);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string, timeoutMs = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: timeoutMs });
}

/** Navigation finished and nothing redirected for a moment: the route is allowed. */
export async function expectStaysOn(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(150);
  expect(pathOf(page)).toBe(path);
}

/** The form shows exactly one validation message, and it is `message`. */
export async function expectFieldError(page: Page, formTestId: string, message: string): Promise<void> {
  await expect(page.locator(`[data-testid="${formTestId}"] .field__error`)).toHaveText([message], { timeout: 5000 });
}

export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.locator('.toast', { hasText: message }).first()).toBeVisible({ timeout: 10_000 });
}

export async function expectDialog(page: Page, message: string): Promise<void> {
  await expect(page.getByTestId('message-dialog')).toHaveText(message, { timeout: 10_000 });
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

export { makePng };
