// Chart trading (#33 item 3) on a platform of its own (its accounts are not shared with other specs): a limit order's
// line, dragged to a new price and confirmed, amends the order on the server (at 1440 and 375 px); the × cancels it;
// the indicator menu draws MA, EMA, Bollinger and volume and remembers the choice; a position's entry, liquidation,
// take-profit and stop-loss lines are drawn at the server's prices with its fill marker on the bars.
import type { Page } from '@playwright/test';
import { api, untilSignedIn } from '../harness/helpers.ts';
import { startPlatform } from '../harness/platform.ts';
import { expect, test as base } from '../harness/fixtures.ts';

const test = base.extend<object, { baseUrl: string }>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring even when nothing is used
    async ({}, use) => {
      const platform = await startPlatform();
      await untilSignedIn(platform.baseUrl, ['demo@tickline.dev', 'partner5@tickline.dev']);
      await use(platform.baseUrl);
      await platform.stop();
    },
    // Starting and stopping a platform of its own takes over the default 60 s on a loaded host (as in
    // futures-own-book.spec.ts and terminal-positions-funding.spec.ts).
    { scope: 'worker', timeout: 180_000 },
  ],
});

// One worker runs this file's tests in order, so its platform is started once, not once per worker.
test.describe.configure({ mode: 'default' });

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

/**
 * Drags the order's line label 40 px down (a lower bid, so it never crosses the asks), confirms, and sees the server
 * store the price the confirm named.
 */
async function dragToAmend(page: Page, baseUrl: string, token: string, order: OpenOrder, shot: () => Promise<unknown>) {
  const line = page.locator(`[data-testid=chart-order-line][data-no="${order.no}"]`);
  const shown = order.price.toLocaleString('en-US', { minimumFractionDigits: 2 });
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
  await shot();
  await page.getByTestId('chart-amend-confirm').click();
  await expect(page.getByText('The order has been changed.')).toBeVisible();
  await expect.poll(async () => (await openOrders(baseUrl, token)).find((o) => o.no === order.no)?.price).toBe(target);
  await expect(line).toContainText(target.toLocaleString('en-US', { minimumFractionDigits: 2 }));
}

interface HeldPosition {
  averagePrice: number;
  liquidationPrice: number;
  takeProfit: number;
  stopLoss: number;
}

/**
 * A 0.001 BTC market long at 10x with TP and SL 5 % away: its entry, liquidation, TP and SL are drawn as price lines
 * on the candles at the server's prices, and its fill as a marker on the bars.
 */
async function expectPositionLines(page: Page, baseUrl: string, token: string): Promise<void> {
  const held = await api<HeldPosition[]>(baseUrl, 'GET', '/postion/lookup', { token });
  for (const row of held.data as Array<HeldPosition & { volume: number }>)
    await api(baseUrl, 'POST', '/order/closePosition', { token, body: { volume: String(row.volume) } });
  // Flat and with no order (a leverage change waits for neither), at 10x: a long's liquidation line is above zero.
  for (const order of await openOrders(baseUrl, token))
    await api(baseUrl, 'POST', '/order/cancel', { token, body: { no: order.no } });
  expect((await api(baseUrl, 'POST', '/user/updateLeverage', { token, body: { leverage: 10 } })).code).toBe(0);
  const long = await api(baseUrl, 'POST', '/order/registerOrder', {
    token,
    body: { leverage: 10, volume: '0.001', type: 2, priceType: 2, position: 1, orderPath: 2, price: 0 },
  });
  expect(long.code, long.message).toBe(0);
  const opened = (await api<HeldPosition[]>(baseUrl, 'GET', '/postion/lookup', { token })).data[0]!;
  const takeProfit = Math.round(opened.averagePrice * 1.05);
  const stopLoss = Math.round(opened.averagePrice * 0.95);
  const tpsl = await api(baseUrl, 'POST', '/order/updateTpsl', { token, body: { takeProfit, stopLoss } });
  expect(tpsl.code, tpsl.message).toBe(0);
  const position = (await api<HeldPosition[]>(baseUrl, 'GET', '/postion/lookup', { token })).data[0]!;
  expect(position).toMatchObject({ takeProfit, stopLoss });

  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-price-lines', 'entry liquidation takeProfit stopLoss');
  const price = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2 });
  const legend = page.getByTestId('chart-lines');
  for (const [kind, value] of [
    ['entry', position.averagePrice],
    ['liquidation', position.liquidationPrice],
    ['takeProfit', takeProfit],
    ['stopLoss', stopLoss],
  ] as const)
    await expect(legend.locator(`li[data-kind="${kind}"]`)).toHaveText(
      new RegExp(` ${price(value).replace(/[.]/g, '\\.')}$`),
    );
  // The fill is one of the 20 most recent orders: a marker on the bars.
  await expect(chart).toHaveAttribute('data-fills', /^[1-9]/);
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

    await dragToAmend(page, baseUrl, token, order, () =>
      saveScreenshot('1440-terminal-chart-amend', { fullPage: false }),
    );

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

    await expectPositionLines(page, baseUrl, token);
    await saveScreenshot('1440-terminal-chart-position-lines', { fullPage: false });
  });
});

test.describe('chart trading at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, account: 'partner5@tickline.dev' });

  test('375: a dragged line amends; position lines', async ({ page, baseUrl, session, saveScreenshot }) => {
    test.setTimeout(90_000);
    const token = session!.accessToken;
    const order = await placeBid(baseUrl, token);
    await openChart(page, true);
    await expect(page.locator(`[data-testid=chart-order-line][data-no="${order.no}"]`)).toBeVisible();
    await expect(page.getByTestId('chart-indicators')).toBeVisible();
    await saveScreenshot('375-terminal-chart', { fullPage: false });
    await dragToAmend(page, baseUrl, token, order, () =>
      saveScreenshot('375-terminal-chart-amend', { fullPage: false }),
    );
    await expectPositionLines(page, baseUrl, token);
    await saveScreenshot('375-terminal-chart-position-lines', { fullPage: false });
  });
});
