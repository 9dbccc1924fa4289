// How the client is delivered (#18 item 5): compressed assets with long-lived caching, and the Korean interface in
// the shipped Noto Sans KR (never boxes on a machine without a Korean font).
import { expect, test } from '../harness/fixtures.ts';

test('assets go out brotli- or gzip-compressed, hashed ones cached for a year', async ({ page, baseUrl }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/assets/') && response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/');
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  for (const [encoding, expected] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const response = await fetch(scripts[0]!, { headers: { 'accept-encoding': encoding } });
    expect(response.headers.get('content-encoding')).toBe(expected);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  }
  const page_ = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
  expect(page_.headers.get('cache-control')).toBe('no-cache');
});

test('the Korean interface renders in the shipped Noto Sans KR', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/[\uac00-\ud7a3]/);
  // A shipped face of that family, loaded for the Korean text (FontFaceSet.check alone is true when none exists).
  const loaded = await page.evaluate(async () => {
    await document.fonts.load('16px "Noto Sans KR"', '로그인');
    await document.fonts.ready;
    return Array.from(document.fonts as unknown as Iterable<FontFace>).some(
      (face) => face.family.replace(/"/g, '') === 'Noto Sans KR' && face.status === 'loaded',
    );
  });
  expect(loaded).toBe(true);
  const family = await page
    .getByRole('heading', { level: 1 })
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily);
  expect(family).toContain('Noto Sans KR');
});
