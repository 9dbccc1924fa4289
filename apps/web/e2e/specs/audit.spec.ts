// Provable fairness and provable reserves (#35) in the browser, at 1440 and 375 px: the round audit shows a round's
// place in the round log and its "verify in your browser" button recomputes it (and refuses a changed answer); the
// reserves page shows the true ratio with the demo note, and a logged-in member checks their inclusion.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

interface Envelope<T> {
  code: number;
  data: T;
}

/** The newest record of the round log, once a round has settled into it (the demo settles one a minute). */
async function newestRecord(
  request: APIRequestContext,
  baseUrl: string,
): Promise<{ seq: number; roundStartMs: number }> {
  let count = 0;
  await expect
    .poll(
      async () => {
        const key = (await (await request.get(`${baseUrl}/api/v1/audit/key`)).json()) as Envelope<{
          head: { count: number };
        }>;
        count = key.data.head.count;
        return count;
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const page = (await (await request.get(`${baseUrl}/api/v1/audit/rounds?from=${count}&limit=1`)).json()) as Envelope<{
    rounds: Array<{ seq: number; roundStartMs: number }>;
  }>;
  return page.data.rounds[0]!;
}

for (const { width, height } of WIDTHS) {
  test.describe(`audit at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`round audit at ${width} px: the round's place in the log, verified in the browser`, async ({
      page,
      request,
      baseUrl,
      saveScreenshot,
    }) => {
      test.setTimeout(150_000);
      const record = await newestRecord(request, baseUrl);
      await page.goto(`/options/round/${record.roundStartMs}`);
      await expect(page.getByTestId('round-log-place')).toContainText(`Record ${record.seq} of`);
      await page.getByTestId('round-log-verify').click();
      await expect(page.getByTestId('round-log-result')).toContainText('Verified: the hash recomputes');
      await expect(page.getByTestId('round-log-result')).toContainText('signature valid');
      await saveScreenshot(`${width}-round-log-verified`);

      // The same button on a changed answer: a close price one cent higher no longer hashes to the record's hash.
      await page.route('**/api/v1/audit/rounds?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Envelope<{ rounds: Array<{ closePrice: number }> }>;
        for (const round of body.data.rounds) round.closePrice = Math.round(round.closePrice * 100 + 1) / 100;
        await route.fulfill({ response, json: body });
      });
      await page.reload();
      await page.getByTestId('round-log-verify').click();
      await expect(page.getByTestId('round-log-result')).toContainText('Does not verify');
    });

    test(`reserves at ${width} px, logged out: the true ratio and the demo note`, async ({ page, saveScreenshot }) => {
      await page.goto('/reserves');
      await expect(page.getByTestId('reserves-ratio')).toHaveText(/^[\d,]+\.\d{2}%$/);
      await expect(page.getByTestId('reserves-liabilities')).toHaveText(/^[\d,]+\.\d{2}$/);
      await expect(page.getByTestId('reserves-demo')).toContainText('never deposited on chain');
      await expect(page.getByRole('link', { name: 'Log in to check that your balance is in the tree.' })).toBeVisible();
      await saveScreenshot(`${width}-reserves`);
    });

    test.describe('logged in', () => {
      test.use({ account: 'demo@tickline.dev' });

      test(`reserves at ${width} px: the member's balance climbs to the root in the browser`, async ({
        page,
        saveScreenshot,
      }) => {
        await page.goto('/reserves');
        await page.getByTestId('reserves-verify').click();
        await expect(page.getByTestId('reserves-result')).toContainText(
          /^Included: your balance of [\d,]+\.\d{2} USDT/,
        );
        await expect(page.getByTestId('reserves-path')).toBeVisible();
        await saveScreenshot(`${width}-reserves-verified`);

        await page.route('**/api/v1/user/reserves/proof', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Envelope<{ leaf: { balanceMicro: string } }>;
          body.data.leaf.balanceMicro = String(BigInt(body.data.leaf.balanceMicro) + 1_000_000n);
          await route.fulfill({ response, json: body });
        });
        await page.getByTestId('reserves-verify').click();
        await expect(page.getByTestId('reserves-result')).toContainText('Does not verify');
      });
    });
  });
}
