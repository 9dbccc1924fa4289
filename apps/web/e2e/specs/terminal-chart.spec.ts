// Chart trading (#33 item 3) on a platform of its own (its accounts are not shared with other specs): a limit order's
// line, dragged to a new price and confirmed, amends the order on the server; the × cancels it; the indicator menu
// draws MA, EMA, Bollinger and volume and remembers the choice.
import type { Page } from '@playwright/test';
import { api, DEMO_PASSWORD } from '../harness/helpers.ts';
import { startPlatform } from '../harness/platform.ts';
import { expect, test as base } from '../harness/fixtures.ts';

const test = base.extend<object, { baseUrl: string }>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring even when nothing is used
    async ({}, use) => {
      const platform = await startPlatform();
      // The demo accounts are seeded while the platform already answers: wait until this spec's can sign in.
      for (const userid of ['demo@tickline.dev', 'partner5@tickline.dev'])
        await expect
          .poll(
            async () =>
              (await api(platform.baseUrl, 'POST', '/auth/login', { body: { userid, password: DEMO_PASSWORD } })).code,
            {
              timeout: 30_000,
              intervals: [1_000], // a second apart: five failed sign-ins would start the account's throttle
            },
          )
          .toBe(0);
      await use(platform.baseUrl);
      await platform.stop();
    },
    { scope: 'worker' },
  ],
});

interface OpenOrder {
  no: number;
  price: number;
}

async function openOrders(baseUrl: string, token: string): Promise<OpenOrder[]> {
  const answer = await api<{ orders: OpenOrder[] }>(baseUrl, 'GET', '/order/waitLookup', { token });
  expect(answer.code).toBe(0);
  return answer.data.orders;
}

/** At the account's saved leverage: a 0.001 BTC limit buy 0.1 % under the mark (on screen, far from the asks). */
async function placeBid(baseUrl: string, token: string): Promise<OpenOrder> {
  const { leverage } = (await api<{ leverage: number }>(baseUrl, 'GET', '/user/info', { token })).data;
  const market = await api<{ markPrice: number }>(baseUrl, 'GET', '/market/futures');
  const price = Math.floor(market.data.markPrice * 99.9) / 100;
  const placed = await api(baseUrl, 'POST', '/order/registerOrder', {
    token,
    body: { leverage, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price },
  });
  expect(placed.code, placed.message).toBe(0);
  const order = (await openOrders(baseUrl, token)).find((o) => o.price === price);
  expect(order).toBeDefined();
  return order!;
}

async function openChart(page: Page, mobile: boolean): Promise<void> {
  await page.goto('/futures');
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
  if (mobile) await page.getByTestId('view-chart').click();
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-bars', /^[1-9]/);
}

test.describe('chart trading at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 }, account: 'demo@tickline.dev' });

  test('a limit line is dragged to a new price, confirmed, then cancelled; indicators toggle and stay', async ({
    page,
    baseUrl,
    session,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    const token = session!.accessToken;
    for (const order of await openOrders(baseUrl, token))
      await api(baseUrl, 'POST', '/order/cancel', { token, body: { no: order.no } });
    const order = await placeBid(baseUrl, token);
    await openChart(page, false);

    const line = page.locator(`[data-testid=chart-order-line][data-no="${order.no}"]`);
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('data-draggable', 'true');
    const shown = order.price.toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(line).toContainText(`Buy 0.0010 @ ${shown}`);
    await expect(page.getByTestId('chart-readout')).toContainText(/O [\d,]+\.\d{2}.*%.*Vol/);
    await saveScreenshot('1440-terminal-chart-order-line', { fullPage: false });

    // Drag the label 40 px down: a lower bid, so it can never cross the asks.
    const box = (await line.locator('span').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 20, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Move order ${order.no} (0.0010 BTC) from ${shown} to `);
    const target = Number(/to ([\d,.]+) USDT/.exec((await dialog.textContent())!)![1]!.replace(/,/g, ''));
    expect(target).toBeLessThan(order.price);
    await saveScreenshot('1440-terminal-chart-amend', { fullPage: false });
    await page.getByTestId('chart-amend-confirm').click();
    await expect(page.getByText('The order has been changed.')).toBeVisible();
    await expect
      .poll(async () => (await openOrders(baseUrl, token)).find((o) => o.no === order.no)?.price)
      .toBe(target);
    await expect(line).toContainText(target.toLocaleString('en-US', { minimumFractionDigits: 2 }));

    // Cancel from the line's ×.
    await line.getByTestId('chart-order-cancel').click();
    await expect(line).toHaveCount(0);
    expect((await openOrders(baseUrl, token)).some((o) => o.no === order.no)).toBe(false);

    // Indicators: the defaults, then every one on, remembered across a reload.
    const chart = page.getByTestId('price-chart');
    await expect(chart).toHaveAttribute('data-indicators', 'volume ma');
    await page.getByTestId('chart-indicators').click();
    await page.getByTestId('indicator-ema').check();
    await page.getByTestId('indicator-bb').check();
    await page.getByTestId('indicator-volume').uncheck();
    await expect(chart).toHaveAttribute('data-indicators', 'ma ema bb');
    await saveScreenshot('1440-terminal-chart-indicators', { fullPage: false });
    await page.reload();
    await expect(page.getByTestId('price-chart')).toHaveAttribute('data-indicators', 'ma ema bb');
  });
});

test.describe('chart trading at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, account: 'partner5@tickline.dev' });

  test('the chart and its order line show on a phone', async ({ page, baseUrl, session, saveScreenshot }) => {
    test.setTimeout(60_000);
    const order = await placeBid(baseUrl, session!.accessToken);
    await openChart(page, true);
    await expect(page.locator(`[data-testid=chart-order-line][data-no="${order.no}"]`)).toBeVisible();
    await expect(page.getByTestId('chart-indicators')).toBeVisible();
    await saveScreenshot('375-terminal-chart', { fullPage: false });
  });
});
