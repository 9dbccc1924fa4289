// API keys for programs (#29) on the account security page, at 1440 and 375 px on the demo platform: a key created in
// the dialog shows its secret once, a program signs a request with it (and may not withdraw), the key is listed
// without its secret, deleted, and refused from then on. The card is also looked at in Korean.
import { createHmac } from 'node:crypto';
import { expect, test } from '../harness/fixtures.ts';
import { apiLogin, expectToast, openAs, registerViaApi } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

/** A program's signed call: hex HMAC-SHA256 of timestamp + METHOD + path + body under the key's secret. */
async function signedCall(
  baseUrl: string,
  key: { apiKey: string; secret: string },
  method: string,
  path: string,
  body = '',
) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', key.secret).update(`${timestamp}${method}${path}${body}`).digest('hex');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'X-TL-APIKEY': key.apiKey,
      'X-TL-TIMESTAMP': timestamp,
      'X-TL-SIGNATURE': signature,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body || undefined,
  });
  return (await response.json()) as { code: number };
}

for (const { width, height } of WIDTHS) {
  test.describe(`API keys at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`API keys at ${width} px: create shows the secret once, a signed call works, delete refuses it`, async ({
      page,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(120_000);
      const user = await registerViaApi(baseUrl, `keys${width}`);
      const session = await apiLogin(baseUrl, user.userid, user.password);
      await openAs(page, session, '/profile/security');
      const card = page.getByTestId('api-keys-card');
      await expect(card.getByRole('heading', { name: 'API keys' })).toBeVisible();
      await expect(card).toContainText('No API keys yet.');

      await page.getByTestId('api-key-create').click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await expect(dialog).toBeVisible();
      // Nothing named: the server's message shows in the dialog.
      await page.getByTestId('api-key-submit').click();
      await expect(dialog).toContainText('Please give the key a label of 1 to 40 characters.');
      await page.getByTestId('api-key-label').fill('Market maker');
      await page.getByTestId('api-key-trade').check();
      await saveScreenshot(`${width}-api-key-create`);
      await page.getByTestId('api-key-submit').click();

      const created = page.getByRole('dialog', { name: 'Your new API key' });
      await expect(created).toContainText('it is shown only this once');
      const apiKey = (await page.getByTestId('api-key-value').textContent())!;
      const secret = (await page.getByTestId('api-key-secret').textContent())!;
      expect(apiKey).toMatch(/^tl[0-9a-f]{32}$/);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await saveScreenshot(`${width}-api-key-secret`);
      await page.getByTestId('api-key-done').click();
      await expect(created).toBeHidden();

      const rows = page.getByTestId('api-keys').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Market maker');
      await expect(rows.first()).toContainText('Read, Trade');
      await expect(rows.first()).toContainText('Never');
      await expect(page.getByTestId('api-keys-card')).not.toContainText(secret);

      // A program with the key: reads and trades, never withdraws.
      const key = { apiKey, secret };
      expect((await signedCall(baseUrl, key, 'GET', '/api/v1/user/balance')).code).toBe(0);
      const withdraw = JSON.stringify({ address: '0x' + '5a'.repeat(20), amount: 10 });
      expect((await signedCall(baseUrl, key, 'POST', '/api/v1/withdraw/register', withdraw)).code).toBe(8009);
      await page.reload();
      await expect(rows.first()).not.toContainText('Never');
      await saveScreenshot(`${width}-api-keys`, { fullPage: true });

      await rows.first().getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this API key?' });
      await expect(confirm).toContainText('Programs using "Market maker" stop working at once.');
      await page.getByTestId('api-key-delete-confirm').click();
      await expectToast(page, 'The API key was deleted.');
      await expect(card).toContainText('No API keys yet.');
      expect((await signedCall(baseUrl, key, 'GET', '/api/v1/user/balance')).code).toBe(8006);

      // The card in Korean.
      await page.evaluate(() => localStorage.setItem('language', 'ko'));
      await page.reload();
      await expect(card.getByRole('heading', { name: 'API 키' })).toBeVisible();
      await page.getByTestId('api-key-create').click();
      await expect(page.getByRole('dialog', { name: 'API 키 만들기' })).toBeVisible();
      await saveScreenshot(`${width}-api-key-create-ko`);
    });
  });
}
