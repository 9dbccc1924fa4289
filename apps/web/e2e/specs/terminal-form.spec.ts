// #33 item 1: the order form's types and options, placed through the form against the real platform. At 1440 px a
// stop-limit, an IOC, a post-only the server refuses (its message in the seeds' popup), a reduce-only and an order
// with TP/SL at entry; at 375 px the form works on a phone (a trailing stop and a stop-market). At both widths: a FOK
// that fills with the cost, fee, liquidation and max the panel showed; a take-profit; the trigger's mark/last choice
// stored with the order. Each width trades as its own new funded trader, so nothing is shared with other specs.
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import { balanceOf, chooseLeverage, fundedTrader } from '../harness/futures.ts';
import { api, expectToast, openAs, type Tokens } from '../harness/helpers.ts';
import {
  bestPrices,
  closeMessage,
  heldPosition as position,
  postOnlyIocReduceOnly,
  sendOrder as order,
  tpslAtEntry,
} from '../harness/orderForm.ts';

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

async function placed(page: Page): Promise<void> {
  await expectToast(page, 'Order successfully completed.');
}

/** USDT as the API sends it (a number written from micro-USDT) back to micro-USDT. */
const micros = (usdt: number) => Math.round(usdt * 1_000_000);

/** What the server lets a long spend: futures wallet − in use − the long side's waiting holds (seeds §9). */
async function availableLong(baseUrl: string, tokens: Tokens): Promise<number> {
  const balance = await balanceOf(baseUrl, tokens.accessToken);
  return micros(balance.usdtm) - micros(balance.usingRequiredAmount) - micros(balance.longWaitingRequiredAmount);
}

/** Micro-USDT shown as the panel does: floored to `decimals`. */
function shownUsdt(amount: number, decimals: number): string {
  const unit = 10 ** (6 - decimals);
  const floored = Math.floor(amount / unit);
  const whole = Math.floor(floored / 10 ** decimals).toLocaleString('en-US');
  return `${whole}.${String(floored % 10 ** decimals).padStart(decimals, '0')} USDT`;
}

/** Waiting triggers as the server stores them. */
async function triggers(baseUrl: string, tokens: Tokens) {
  const waiting = await api<{ orders: Array<{ no: number; triggerType?: string; triggerBy?: string }> }>(
    baseUrl,
    'GET',
    '/order/waitLookup',
    { token: tokens.accessToken },
  );
  return waiting.data.orders.filter((row) => row.triggerType !== undefined);
}

/**
 * In the page, in one go: the best ask read from the API, typed as the price, the panel's figures for it read, and
 * Buy/Long pressed. The maker requotes every second; on a loaded host Playwright's round trips for these steps took
 * 3-4 s, and a FOK priced at an ask long gone was killed at every try for a minute.
 */
async function buyAtBestAsk(page: Page) {
  return page.evaluate(async () => {
    const depth = (await (await fetch('/api/v1/market/depth?symbol=BTCUSDT')).json()) as {
      data: { a: Array<[number, number]> };
    };
    const ask = depth.data.a[0]![0];
    const field = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
    const price = field('order-price') as HTMLInputElement;
    // The input's own value setter, so that React's onChange sees the typed price.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(price, ask.toFixed(2));
    price.dispatchEvent(new Event('input', { bubbles: true }));
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    await tick(); // React renders the figures of the new price
    for (let wait = 0; wait < 500 && field('fee-long').textContent === '-'; wait += 1) await tick();
    const text = (id: string) => field(id).textContent;
    const shown = { cost: text('cost-long'), fee: text('fee-long'), liq: text('liq-long') };
    field('buy-long').click();
    return { ask, shown };
  });
}

/**
 * From flat: a 0.001 BTC FOK buy at the best ask fills there whole, and the cost, fee, liquidation and (after) max the
 * panel showed are the server's: the available balance fell by the cost (shown floored to the cent), the fill's fee
 * and the position's liquidation price are the ones shown, and max is the new available balance. When the maker
 * requoted between reading the book and the order (the FOK killed, or filled at a better price), it is tried again:
 * a killed FOK's message is closed first, or its popup would stand over the form for every later try.
 */
async function fokFillsAsShown(page: Page, baseUrl: string, trader: Tokens): Promise<void> {
  await page.getByRole('tab', { name: 'Limit' }).click();
  await page.getByTestId('order-tif').selectOption('FOK');
  const killed = page.getByTestId('futures-message');
  await expect(async () => {
    if (await killed.isVisible()) await closeMessage(page); // the last try's FOK, killed
    const held = await position(baseUrl, trader);
    if (held)
      await api(baseUrl, 'POST', '/order/closePosition', {
        token: trader.accessToken,
        body: { volume: String(held.volume) },
      });
    const before = await availableLong(baseUrl, trader);
    await page.getByTestId('order-amount').fill('0.001');
    const { ask, shown } = await buyAtBestAsk(page);
    const done = page.locator('.toast', { hasText: 'Order successfully completed.' });
    await expect(done.or(killed).first()).toBeVisible();
    if (await killed.isVisible()) throw new Error(`not filled at ${ask}: ${await killed.textContent()}`);
    const filled = await position(baseUrl, trader);
    expect(filled?.averagePrice).toBe(ask);
    expect(filled?.volume).toBe(0.001);
    expect(shown.liq).toBe(filled!.liquidationPrice.toLocaleString('en-US', { minimumFractionDigits: 2 }));
    const history = await api<{ orders: Array<{ price: number; volume: number; openOrderFee: number }> }>(
      baseUrl,
      'GET',
      '/order/history',
      { token: trader.accessToken },
    );
    const fill = history.data.orders.find((row) => row.price === ask && row.volume === 0.001);
    expect(shown.fee).toBe(shownUsdt(micros(fill!.openOrderFee), 4));
    const after = await availableLong(baseUrl, trader);
    expect(shown.cost).toBe(shownUsdt(before - after, 2));
    await expect(page.getByTestId('max-long')).toHaveText(shownUsdt(after, 2));
  }).toPass({ timeout: 60_000 });
}

test.describe('order form at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('stop-limit, IOC, refused post-only, reduce-only and TP/SL at entry through the form', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const trader = await fundedTrader(baseUrl, 'form1440', 1_000);
    await openAs(page, trader, '/futures');
    await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
    const { ask, bid } = await bestPrices(baseUrl);
    const whole = (value: number) => String(Math.round(value));

    // Stop-limit buy: waits above the market on the last price; the engine holds nothing until it fires.
    await page.getByTestId('order-stop-kind').selectOption('stopLimit');
    await page.getByTestId('order-trigger').fill(whole(ask * 1.1));
    await page.getByTestId('trigger-by-last').click();
    await expect(page.getByTestId('order-tif')).toHaveCount(0);
    await order(page, 'buy-long', '0.001', whole(ask * 1.1));
    await placed(page);
    await expect
      .poll(() => triggers(baseUrl, trader))
      .toEqual([expect.objectContaining({ triggerType: 'stop', triggerBy: 'last' })]);
    await saveScreenshot('1440-terminal-form-stop', { fullPage: false });

    // Take-profit market sell above the market, back on the mark: stored as a take-profit by the mark.
    await page.getByTestId('order-stop-kind').selectOption('takeProfitMarket');
    await page.getByTestId('order-trigger').fill(whole(ask * 1.1));
    await page.getByTestId('trigger-by-mark').click();
    await order(page, 'sell-short', '0.001');
    await expect
      .poll(() => triggers(baseUrl, trader))
      .toContainEqual(expect.objectContaining({ triggerType: 'takeProfit', triggerBy: 'mark' }));

    // A resting GTC limit holds exactly the cost the form showed.
    await page.getByRole('tab', { name: 'Limit' }).click();
    await page.getByTestId('order-price').fill(whole(bid * 0.9));
    await page.getByTestId('order-amount').fill('0.002');
    const shownCost = money(await page.getByTestId('cost-long').textContent());
    const before = (await balanceOf(baseUrl, trader.accessToken)).longWaitingRequiredAmount;
    await page.getByTestId('buy-long').click();
    await placed(page);
    // Shown to the cent, rounded down (the seeds' money display): the hold is within that cent.
    const micros = (usdt: number) => Math.round(usdt * 1_000_000);
    await expect
      .poll(async () => {
        const held = micros((await balanceOf(baseUrl, trader.accessToken)).longWaitingRequiredAmount) - micros(before);
        return held - micros(shownCost);
      })
      .toBeGreaterThanOrEqual(0);
    const held = micros((await balanceOf(baseUrl, trader.accessToken)).longWaitingRequiredAmount) - micros(before);
    expect(held - micros(shownCost)).toBeLessThan(10_000);

    // Post-only through the ask refused in the seeds' popup; IOC through it fills; reduce-only only closes.
    await postOnlyIocReduceOnly(page, baseUrl, trader, ask);

    // FOK at 10x: fills whole with the estimates shown; then flat again for the TP/SL order.
    await chooseLeverage(page, 10);
    await fokFillsAsShown(page, baseUrl, trader);
    await page.getByTestId('order-tif').selectOption('GTC');
    await api(baseUrl, 'POST', '/order/closePosition', { token: trader.accessToken, body: { volume: '0.001' } });
    await expect.poll(async () => (await position(baseUrl, trader))?.volume ?? 0).toBe(0);
    await page.getByRole('tab', { name: 'Market' }).click();

    // A market long with TP/SL at entry: the position carries both.
    await tpslAtEntry(page, baseUrl, trader, { ask, bid }, () =>
      saveScreenshot('1440-terminal-form-tpsl', { fullPage: false }),
    );
  });
});

test.describe('order form at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('on a phone: the stop types, a missing trigger asked for, a stop-market placed', async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    test.setTimeout(150_000);
    const trader = await fundedTrader(baseUrl, 'form375', 1_000);
    await openAs(page, trader, '/futures');
    await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
    const { bid } = await bestPrices(baseUrl);

    await page.getByTestId('order-stop-kind').selectOption('trailingStop');
    await expect(page.getByTestId('order-callback')).toBeVisible();
    await expect(page.getByTestId('order-activation')).toBeVisible();
    await saveScreenshot('375-terminal-form-trailing', { fullPage: false });

    await page.getByTestId('order-stop-kind').selectOption('stopMarket');
    await order(page, 'sell-short', '0.001');
    await expect(page.getByTestId('futures-message')).toHaveText('Please enter the trigger price');
    await closeMessage(page);
    await page.getByTestId('order-trigger').fill(String(Math.round(bid * 0.9)));
    await page.getByTestId('trigger-by-last').click();
    await page.getByTestId('sell-short').click();
    await placed(page);
    await expect
      .poll(() => triggers(baseUrl, trader))
      .toEqual([expect.objectContaining({ triggerType: 'stop', triggerBy: 'last' })]);

    // A take-profit limit buy under the market, by the mark.
    await page.getByTestId('order-stop-kind').selectOption('takeProfitLimit');
    await page.getByTestId('order-trigger').fill(String(Math.round(bid * 0.9)));
    await page.getByTestId('trigger-by-mark').click();
    await order(page, 'buy-long', '0.001', String(Math.round(bid * 0.9)));
    await expect
      .poll(() => triggers(baseUrl, trader))
      .toContainEqual(expect.objectContaining({ triggerType: 'takeProfit', triggerBy: 'mark' }));
    await saveScreenshot('375-terminal-form-take-profit', { fullPage: false });

    // FOK at 10x on a phone: cost, fee, liquidation and max as the server's.
    await chooseLeverage(page, 10);
    await fokFillsAsShown(page, baseUrl, trader);
  });
});
