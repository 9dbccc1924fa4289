// #28 item 5: one time zone per user for every time shown. The browser here is in New York; the platform shows
// Seoul (the seeds' default) everywhere until the user picks another zone, which is kept.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { api } from '../harness/helpers.ts';

/** `YYYY-MM-DD HH:mm` and `HH:mm:ss` of a moment in a zone, as the tables and clocks show them. */
function inZone(moment: Date, timeZone: string): { dateTime: string; hour: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return {
    dateTime: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Minutes between a shown `HH:mm[:ss]` and now in `timeZone`, across midnight. */
function minutesFromNow(shown: string, timeZone: string): number {
  const [hour, minute] = shown.split(':').map(Number) as [number, number];
  const now = inZone(new Date(), timeZone);
  const diff = Math.abs(hour * 60 + minute - (now.hour * 60 + now.minute));
  return Math.min(diff, 1440 - diff);
}

async function firstTradeTime(page: Page): Promise<string> {
  const time = page
    .locator('section[aria-label="Trades"] span')
    .filter({ hasText: /^\d{2}:\d{2}:\d{2}$/ })
    .first();
  await expect(time).toBeVisible();
  return (await time.textContent())!;
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: 'demo@tickline.dev', viewport: { width, height }, timezoneId: 'America/New_York' });

    test('open orders, trades and the option round in Seoul time, then all in UTC once chosen, kept', async ({
      page,
      baseUrl,
      session,
      saveScreenshot,
    }) => {
      const token = session!.accessToken;
      // A buy far below the market rests as an open order (cancelled at the end).
      const placed = await api<{ no: number }>(baseUrl, 'POST', '/order/registerOrder', {
        token,
        body: { leverage: 1, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price: '1000' },
      });
      expect(placed.code, placed.message).toBe(0);
      try {
        const orders = await api<{ orders: Array<{ no: number; insertDate: string }> }>(
          baseUrl,
          'GET',
          '/order/waitLookup',
          { token },
        );
        const insertDate = new Date(orders.data.orders.find((order) => order.no === placed.data.no)!.insertDate);

        await page.goto('/futures');
        await page.getByTestId('tab-orders').click();
        const row = page.getByTestId('open-order-row').filter({ hasText: '1,000.00' }).first();
        await expect(row).toContainText(inZone(insertDate, 'Asia/Seoul').dateTime);
        if (width < 768) await page.getByTestId('view-trades').click();
        expect(minutesFromNow(await firstTradeTime(page), 'Asia/Seoul')).toBeLessThan(10);
        await saveScreenshot(`${width}-28-time-zone-seoul`, { fullPage: false });

        // The choice: the header's select on a wide screen, the menu's on a phone.
        if (width < 768) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByTestId('mobile-menu').getByTestId('time-zone').selectOption('UTC');
          await saveScreenshot('375-28-time-zone-menu', { fullPage: false });
          await page.getByRole('button', { name: 'Close menu' }).click();
        } else await page.locator('header').getByTestId('time-zone').selectOption('UTC');
        await expect(row).toContainText(inZone(insertDate, 'UTC').dateTime);
        expect(minutesFromNow(await firstTradeTime(page), 'UTC')).toBeLessThan(10);

        // Kept: the option round's clock is in UTC on the next screen, and after a reload.
        await page.goto('/options');
        const round = page.getByText(/^Round \d{2}:\d{2}:\d{2} – \d{2}:\d{2}:\d{2}$/);
        await expect(round).toBeVisible();
        const start = (await round.textContent())!.slice('Round '.length, 'Round '.length + 8);
        expect(minutesFromNow(start, 'UTC')).toBeLessThan(3);
        await page.reload();
        await expect(page.getByTestId('time-zone').first()).toHaveValue('UTC');
        await saveScreenshot(`${width}-28-time-zone-utc-options`, { fullPage: false });
      } finally {
        await api(baseUrl, 'POST', '/order/cancel', { token, body: { no: placed.data.no } });
      }
    });
  });
}
