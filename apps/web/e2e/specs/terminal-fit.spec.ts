// #33 leftovers, one trader and one page across three widths: at 1440 and 1280 px every tab of the positions area
// and every action of the position row is whole on screen and under nothing (the Symbol filter once covered "Funding
// History"); lines whose price is off the chart's visible scale keep a label pinned to the edge with their price
// (a far take-profit at the top, the liquidation and a far bid at the bottom) and clicking a marker brings its line
// into view; at 375 px the lines' legend sits under the candles, not over them.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, openAs, type Tokens } from '../harness/helpers.ts';

interface Held {
  averagePrice: number;
  liquidationPrice: number;
}

const shown = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A 0.01 BTC market long at 10x with a take-profit 30 % up, and a 0.001 BTC bid 3 % under the mark. */
async function longWithFarLines(baseUrl: string, trader: Tokens): Promise<{ held: Held; tp: number; bid: number }> {
  const token = trader.accessToken;
  expect((await api(baseUrl, 'POST', '/user/updateLeverage', { token, body: { leverage: 10 } })).code).toBe(0);
  const long = await api(baseUrl, 'POST', '/order/registerOrder', {
    token,
    body: { leverage: 10, volume: '0.01', type: 2, priceType: 2, position: 1, orderPath: 2, price: 0 },
  });
  expect(long.code, long.message).toBe(0);
  const opened = (await api<Held[]>(baseUrl, 'GET', '/postion/lookup', { token })).data[0]!;
  const tp = Math.round(opened.averagePrice * 1.3);
  const tpsl = await api(baseUrl, 'POST', '/order/updateTpsl', { token, body: { takeProfit: tp } });
  expect(tpsl.code, tpsl.message).toBe(0);
  const { markPrice } = (await api<{ markPrice: number }>(baseUrl, 'GET', '/market/futures')).data;
  const bid = Math.floor(markPrice * 97) / 100;
  const placed = await api(baseUrl, 'POST', '/order/registerOrder', {
    token,
    body: { leverage: 10, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price: bid },
  });
  expect(placed.code, placed.message).toBe(0);
  return { held: (await api<Held[]>(baseUrl, 'GET', '/postion/lookup', { token })).data[0]!, tp, bid };
}

/** Whole inside the viewport (clipped by no scrolling ancestor) and the topmost element at its left, middle, right. */
async function expectWholeAndUncovered(control: Locator, name: string): Promise<void> {
  await expect(control, `${name} is whole on screen`).toBeInViewport({ ratio: 1 });
  const uncovered = await control.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const y = box.top + box.height / 2;
    return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && node.contains(top);
    });
  });
  expect(uncovered, `${name} is under nothing`).toBe(true);
}

async function expectAreaFits(page: Page, width: number, shot: (name: string) => Promise<unknown>): Promise<void> {
  const tabs = page
    .getByRole('tablist')
    .filter({ has: page.getByTestId('tab-funding') })
    .getByRole('tab');
  await expect(tabs).toHaveCount(6);
  for (const tab of await tabs.all()) await expectWholeAndUncovered(tab, `tab "${await tab.textContent()}"`);
  await expectWholeAndUncovered(page.getByTestId('symbol-filter'), 'the Symbol filter');
  await page.getByTestId('tab-funding').click();
  await expect(page.getByTestId('tab-funding')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('tab-positions').click();
  await expect(page.getByTestId('position-row')).toHaveCount(1);
  for (const id of [
    'position-margin-adjust',
    'position-close',
    'position-limit-close',
    'position-tpsl-open',
    'position-reverse',
    'position-share',
    'positions-close-all',
  ])
    await expectWholeAndUncovered(page.getByTestId(id), id);
  await shot(`${width}-terminal-fit-positions`);
}

/** Seed 000 §2: the assets panel's Deposit and Withdraw buttons lead to /deposit and /withdraw. */
async function expectAssetLinks(page: Page): Promise<void> {
  const assets = page.locator('[data-area="assets"]');
  await expect(assets.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/deposit');
  await expect(assets.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
}

/** The edge labels as the page shows them: kind → edge ('above', 'below', or '' while on the scale and hidden). */
async function edgeMarks(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('chart-edge-mark')
    .evaluateAll((marks) =>
      Object.fromEntries(
        marks.map((mark) => [
          (mark as HTMLElement).dataset.kind!,
          getComputedStyle(mark).visibility === 'visible' ? ((mark as HTMLElement).dataset.edge ?? 'shown') : '',
        ]),
      ),
    );
}

test('positions area whole at 1440 and 1280 px; off-scale lines pinned to the chart edge; legend under the chart at 375 px', async ({
  page,
  baseUrl,
  saveScreenshot,
}) => {
  test.setTimeout(120_000);
  const trader = await fundedTrader(baseUrl, 'fit', 1_000);
  const { held, tp, bid } = await longWithFarLines(baseUrl, trader);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, trader, '/futures');
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
  const chart = page.getByTestId('price-chart');
  await expect(chart).toHaveAttribute('data-bars', /^[1-9]/);
  await expect(chart).toHaveAttribute('data-price-lines', 'entry liquidation takeProfit');

  // Off the scale: the take-profit 30 % up pinned to the top with its price, the liquidation (about 10 % down) and the
  // bid 3 % down pinned to the bottom; the entry, near the market, is drawn by the chart and needs no label.
  await expect.poll(() => edgeMarks(page)).toEqual({ entry: '', liquidation: 'below', takeProfit: 'above' });
  const tpMark = page.locator('[data-testid=chart-edge-mark][data-kind=takeProfit]');
  await expect(tpMark).toHaveText(`TP ${shown(tp)}`);
  await expect(page.locator('[data-testid=chart-edge-mark][data-kind=liquidation]')).toHaveText(
    `Liq. ${shown(held.liquidationPrice)}`,
  );
  const bidChip = page.locator('[data-testid=chart-order-line][data-kind=order]');
  await expect(bidChip).toHaveAttribute('data-edge', 'below');
  await expect(bidChip).toContainText(`Buy 0.0010 @ ${shown(bid)}`);
  await expectWholeAndUncovered(bidChip.getByTestId('chart-order-cancel'), "the bid's cancel on the edge");
  await saveScreenshot('1440-terminal-fit-edge-marks', { fullPage: false });
  // A click on the marker widens the scale to the take-profit: its line is on the chart, the marker goes.
  await tpMark.click();
  await expect.poll(async () => (await edgeMarks(page)).takeProfit).toBe('');
  await saveScreenshot('1440-terminal-fit-revealed', { fullPage: false });

  await expectAreaFits(page, 1440, (name) => saveScreenshot(name, { fullPage: false }));
  await expectAssetLinks(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAreaFits(page, 1280, (name) => saveScreenshot(name, { fullPage: false }));

  // 375: the chart view; the legend is below the candles' pane, and the edge labels are on the phone too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await page.getByTestId('view-chart').click();
  await expect(chart).toHaveAttribute('data-bars', /^[1-9]/);
  const legend = page.getByTestId('chart-lines');
  await expect(legend.locator('li')).toHaveCount(4);
  const pane = (await chart.boundingBox())!;
  const legendBox = (await legend.boundingBox())!;
  expect(legendBox.y, 'legend starts under the chart').toBeGreaterThanOrEqual(pane.y + pane.height - 1);
  await expect(legend).toBeInViewport({ ratio: 1 });
  await expect.poll(() => edgeMarks(page)).toEqual({ entry: '', liquidation: 'below', takeProfit: 'above' });
  await saveScreenshot('375-terminal-fit-chart', { fullPage: false });

  // The chart's other controls on a phone: the crosshair readout, an indicator turned on, the bid cancelled from its
  // line pinned at the bottom edge.
  await expect(page.getByTestId('chart-readout')).toContainText(/O [\d,]+\.\d{2}.*Vol/);
  await page.getByTestId('chart-indicators').click();
  await page.getByTestId('indicator-ema').check();
  await expect(chart).toHaveAttribute('data-indicators', /\bema\b/);
  await page.getByTestId('chart-indicators').click();
  await expect(bidChip).toHaveAttribute('data-edge', 'below');
  await bidChip.getByTestId('chart-order-cancel').click();
  await expect(page.getByText('The order has been canceled.')).toBeVisible();
  await expect(bidChip).toHaveCount(0);
  const left = await api<{ orders: unknown[] }>(baseUrl, 'GET', '/order/waitLookup', { token: trader.accessToken });
  expect(left.data.orders).toEqual([]);
  await page.getByTestId('view-trade').click();
  await expectAssetLinks(page);
});
