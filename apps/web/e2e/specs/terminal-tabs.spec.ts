// The terminal's tabs (#33 item 5) at 1440 and 375 px against the real platform: a waiting trigger listed and
// cancelled, an open order's price and size amended in place (and a refusal shown in the server's words), the
// cancelled order in Order History, own fills in Trade History with their CSV, and Funding History as the server has it.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { api, expectToast } from '../harness/helpers.ts';

const WIDTHS = [
  { width: 1440, height: 900, account: 'partner6@tickline.dev' },
  { width: 375, height: 812, account: 'partner7@tickline.dev' },
] as const;

interface WaitingOrder {
  no: number;
  price: number;
  volume: number;
  triggerType?: string;
}

/** Cancels every waiting order and closes the position a former run may have left, through the API. */
async function startFlat(baseUrl: string, token: string): Promise<void> {
  const waiting = await api<{ orders: WaitingOrder[] }>(baseUrl, 'GET', '/order/waitLookup', { token });
  for (const order of waiting.data.orders)
    await api(baseUrl, 'POST', '/order/cancel', { token, body: { no: order.no } });
  const positions = await api<Array<{ volume: number }>>(baseUrl, 'GET', '/postion/lookup', { token });
  for (const position of positions.data)
    await api(baseUrl, 'POST', '/order/closePosition', { token, body: { volume: String(position.volume) } });
}

async function downloadedLines(page: Page, testId: string): Promise<{ name: string; lines: string[] }> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  const text = await readFile((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), lines: text.trimEnd().split('\n') };
}

for (const { width, height, account } of WIDTHS) {
  test.describe(`terminal tabs at ${width} px`, () => {
    test.use({ viewport: { width, height }, account });

    test(`${width}: triggers, inline amend, cancelled history, trades and funding with CSV`, async ({
      page,
      baseUrl,
      session,
      saveScreenshot,
    }) => {
      test.setTimeout(90_000);
      const token = session!.accessToken;
      await startFlat(baseUrl, token);
      const depth = await api<{ a: Array<[number, number]>; b: Array<[number, number]> }>(
        baseUrl,
        'GET',
        '/market/depth?symbol=BTCUSDT',
      );
      const restPrice = Math.floor(depth.data.b[0]![0] * 0.9);
      const resting = await api<{ no: number }>(baseUrl, 'POST', '/order/registerOrder', {
        token,
        body: {
          leverage: 1,
          volume: '0.001',
          type: 2,
          priceType: 1,
          position: 1,
          orderPath: 1,
          price: String(restPrice),
        },
      });
      expect(resting.code, resting.message).toBe(0);
      // A stop-market buy far above the market waits as a trigger.
      const stopPrice = Math.floor(depth.data.a[0]![0] * 2);
      const trigger = await api<{ no: number }>(baseUrl, 'POST', '/order/registerOrder', {
        token,
        body: {
          leverage: 1,
          volume: '0.001',
          type: 2,
          priceType: 2,
          position: 1,
          orderPath: 2,
          triggerType: 'stop',
          triggerBy: 'mark',
          triggerPrice: String(stopPrice),
        },
      });
      expect(trigger.code, trigger.message).toBe(0);

      await page.goto('/futures');
      if (width < 768) await page.getByTestId('view-trade').click();
      await expect(page.getByTestId('tab-orders')).toHaveText('Open Orders(1)');
      await expect(page.getByTestId('tab-triggers')).toHaveText('Trigger Orders(1)');

      // Trigger Orders: the stop, its price and what it follows; cancelled from the row.
      await page.getByTestId('tab-triggers').click();
      const triggerRow = page.locator(`[data-testid=trigger-order-row][data-no="${trigger.data.no}"]`);
      await expect(triggerRow.getByTestId('trigger-price')).toHaveText(stopPrice.toLocaleString('en-US') + '.00');
      await expect(triggerRow).toContainText('Stop');
      await expect(triggerRow).toContainText('Mark');
      await saveScreenshot(`${width}-terminal-tabs-triggers`, { fullPage: false });
      await triggerRow.getByTestId('cancel-trigger').click();
      await expectToast(page, 'The order has been canceled.');
      await expect(page.getByTestId('tab-triggers')).toHaveText('Trigger Orders(0)');

      // Open Orders: price then size edited in place; the server's order follows.
      await page.getByTestId('tab-orders').click();
      const row = page.locator(`[data-testid=open-order-row][data-no="${resting.data.no}"]`);
      const newPrice = restPrice - 5;
      await row.getByTestId('amend-price').click();
      await row.getByTestId('amend-price-input').fill(String(newPrice));
      await row.getByTestId('amend-price-input').press('Enter');
      await expectToast(page, 'The order has been changed.');
      await expect(row.getByTestId('amend-price')).toHaveText(newPrice.toLocaleString('en-US') + '.00');
      await row.getByTestId('amend-volume').click();
      await row.getByTestId('amend-volume-input').fill('0.002');
      await row.getByTestId('amend-volume-confirm').click();
      await expect(row.getByTestId('amend-volume')).toHaveText('0.0020');
      const amended = await api<{ orders: WaitingOrder[] }>(baseUrl, 'GET', '/order/waitLookup', { token });
      expect(amended.data.orders.find((order) => order.no === resting.data.no)).toMatchObject({
        price: newPrice,
        volume: 0.002,
      });
      // A size the wallet cannot margin: the server's refusal stays under the field; Esc leaves the edit.
      await row.getByTestId('amend-volume').click();
      await row.getByTestId('amend-volume-input').fill('100000');
      await row.getByTestId('amend-volume-input').press('Enter');
      await expect(row.getByTestId('amend-error')).not.toBeEmpty();
      await saveScreenshot(`${width}-terminal-tabs-amend-refused`, { fullPage: false });
      await row.getByTestId('amend-volume-input').press('Escape');
      await expect(row.getByTestId('amend-volume')).toHaveText('0.0020');

      // Cancelled, it shows in Order History with its status; the CSV carries the status column.
      await row.getByTestId('cancel-order').click();
      await expectToast(page, 'The order has been canceled.');
      await page.getByTestId('tab-history').click();
      await expect(page.locator('[data-testid=history-row][data-status=cancelled]').first()).toContainText('Canceled');
      const history = await downloadedLines(page, 'history-csv');
      expect(history.name).toBe('tickline-futures-history.csv');
      expect(history.lines[0]).toBe(
        'Time,Symbol,Type,Side,Price,Close Price,Amount,Fee (USDT),Realized PnL (USDT),Status',
      );
      expect(history.lines.some((line) => line.endsWith(`,${newPrice},0,0.002,0,0,CANCELLED`))).toBe(true);

      // A market buy and its close: both fills show in Trade History, live, and in its CSV.
      const bought = await api(baseUrl, 'POST', '/order/registerOrder', {
        token,
        body: { leverage: 1, volume: '0.001', type: 2, priceType: 2, position: 1, orderPath: 2 },
      });
      expect(bought.code, bought.message).toBe(0);
      const closed = await api(baseUrl, 'POST', '/order/closePosition', { token, body: { volume: '0.001' } });
      expect(closed.code, closed.message).toBe(0);
      await page.getByTestId('tab-trades').click();
      await expect(page.getByTestId('trades-row').first()).toContainText('CLOSE');
      await saveScreenshot(`${width}-terminal-tabs-trades`, { fullPage: false });
      const trades = await downloadedLines(page, 'trades-csv');
      expect(trades.name).toBe('tickline-futures-trades.csv');
      expect(trades.lines[0]).toBe('Time,Symbol,Type,Side,Price,Close Price,Amount,Fee (USDT),Realized PnL (USDT)');
      expect(trades.lines.some((line) => line.includes(',BTCUSDT,MARKET,BUY,'))).toBe(true);

      // Funding History shows what the server has settled for this account (none before the first interval ends).
      const funding = await api<{ rows: unknown[] }>(baseUrl, 'GET', '/funding/lookup?page=1', { token });
      await page.getByTestId('tab-funding').click();
      if (funding.data.rows.length > 0) {
        await expect(page.getByTestId('funding-row')).toHaveCount(funding.data.rows.length);
        const file = await downloadedLines(page, 'funding-csv');
        expect(file.lines[0]).toBe('Time,Symbol,Side,Size,Mark Price,Funding Rate,Amount (USDT)');
      } else await expect(page.getByText('No funding payments yet.')).toBeVisible();
      await saveScreenshot(`${width}-terminal-tabs-funding`, { fullPage: false });
    });
  });
}
