// #33 item 4: the positions table's controls on the demo platform — margin in and out with the liquidation price
// shown before confirming equal to what the server then reports, reverse, close-all, the PnL share card whose QR
// holds the referral link, every action in view without sideways scrolling from 1280 px up, and the limit close: a
// refusal shown in the dialog, then a reduce-only limit that rests in Open Orders and, moved to the bid, fills.
import type { Page } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { expect, test } from '../harness/fixtures.ts';
import { api, expectToast, type Tokens } from '../harness/helpers.ts';

/** A market position of 0.01 BTC opened through the API at 10x, after closing any the account still holds. */
async function openPosition(baseUrl: string, session: Tokens | null, side: 1 | 2): Promise<void> {
  const token = session?.accessToken ?? '';
  const held = await api<Array<{ volume: number }>>(baseUrl, 'GET', '/postion/lookup', { token });
  for (const row of held.data)
    await api(baseUrl, 'POST', '/order/closePosition', { token, body: { volume: String(row.volume) } });
  const leverage = await api(baseUrl, 'POST', '/user/updateLeverage', { token, body: { leverage: 10 } });
  expect(leverage.code, leverage.message).toBe(0);
  const order = await api(baseUrl, 'POST', '/order/registerOrder', {
    token,
    body: { leverage: 10, volume: '0.01', type: 2, priceType: 2, position: side, orderPath: 2, price: 0 },
  });
  expect(order.code, order.message).toBe(0);
}

interface WaitingOrder {
  no: number;
  price: number;
  volume: number;
  position: number;
}

/**
 * Limit close at 1440 and 375 px: a price beyond the server's limit is refused in the dialog; a half-size close far
 * above the market rests in Open Orders as a sell of the long; cancelled there, the same close at the best bid fills
 * and the position is halved (an amend to a crossing price is refused by design: cancel and place instead).
 */
async function limitCloseRoundTrip(
  page: Page,
  baseUrl: string,
  token: string,
  saveShot: (name: string) => Promise<unknown>,
): Promise<void> {
  await page.getByTestId('position-limit-close').click();
  await expect(page.getByTestId('limit-close-price')).not.toHaveValue(''); // prefilled with the mark
  await expect(page.getByTestId('limit-close-size')).toHaveValue('0.0100');
  await page.getByTestId('limit-close-price').fill('99999999');
  await page.getByTestId('limit-close-confirm').click();
  // The server's words (the client's own check only catches an empty price), and nothing placed.
  await expect(page.getByTestId('limit-close-refusal')).toHaveText(/valid price/);
  const none = await api<{ orders: WaitingOrder[] }>(baseUrl, 'GET', '/order/waitLookup', { token });
  expect(none.data.orders.filter((row) => row.price > 1_000_000)).toEqual([]);
  await saveShot('terminal-positions-limit-close-refused');

  const depth = await api<{ a: Array<[number, number]>; b: Array<[number, number]> }>(
    baseUrl,
    'GET',
    '/market/depth?symbol=BTCUSDT',
  );
  const far = Math.ceil(depth.data.a[0]![0] * 1.1);
  await page.getByTestId('limit-close-price').fill(String(far));
  await page.getByTestId('limit-close-50').click();
  await expect(page.getByTestId('limit-close-text')).toContainText('0.0050 BTC');
  const sent = page.waitForRequest((request) => request.url().endsWith('/order/registerOrder'));
  await page.getByTestId('limit-close-confirm').click();
  expect((await sent).postDataJSON()).toMatchObject({ reduceOnly: true, position: 2, priceType: 1, volume: '0.005' });
  await expectToast(page, 'Close order placed.');

  const waiting = await api<{ orders: WaitingOrder[] }>(baseUrl, 'GET', '/order/waitLookup', { token });
  const order = waiting.data.orders.find((row) => row.price === far);
  expect(order).toMatchObject({ volume: 0.005, position: 2 });
  await page.getByTestId('tab-orders').click();
  await expect(page.locator(`[data-testid="open-order-row"][data-no="${order!.no}"]`)).toBeVisible();
  await saveShot('terminal-positions-limit-close-resting');

  // Cancelled from its row; the same close at the best bid fills at once and halves the position.
  await page.locator(`[data-testid="open-order-row"][data-no="${order!.no}"]`).getByTestId('cancel-order').click();
  await expect(page.locator(`[data-testid="open-order-row"][data-no="${order!.no}"]`)).toHaveCount(0);
  await page.getByTestId('tab-positions').click();
  const bid = (await api<{ b: Array<[number, number]> }>(baseUrl, 'GET', '/market/depth?symbol=BTCUSDT')).data.b[0]![0];
  await page.getByTestId('position-limit-close').click();
  await page.getByTestId('limit-close-price').fill(String(bid));
  await page.getByTestId('limit-close-50').click();
  await page.getByTestId('limit-close-confirm').click();
  await expectToast(page, 'Close order placed.');
  await expect(page.getByTestId('position-size')).toHaveText('0.0050');
}

async function openPositionsTab(page: Page, mobile: boolean): Promise<void> {
  await page.goto('/futures');
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
  if (mobile && (await page.getByTestId('view-trade').count()) > 0) await page.getByTestId('view-trade').click();
  await page.getByTestId('tab-positions').click();
  await expect(page.getByTestId('position-row')).toHaveCount(1);
}

/** Moves margin through the dialog; the new liquidation price it shows is then the table's. */
async function moveMargin(page: Page, type: 'add' | 'remove', amount: string): Promise<string> {
  const before = await page.getByTestId('position-liquidation').textContent();
  await page.getByTestId('position-margin-adjust').click();
  await page.getByTestId(`margin-${type}`).click();
  await page.getByTestId('margin-amount').fill(amount);
  const estimate = (await page.getByTestId('margin-new-liq').textContent()) ?? '';
  expect(estimate).not.toBe(before);
  await page.getByTestId('margin-confirm').click();
  await expectToast(page, 'The position has been updated.');
  await expect(page.getByTestId('position-liquidation')).toHaveText(estimate);
  return estimate;
}

/** The QR drawn on the card, read back module by module, equals the QR of `link`. */
async function expectQrOf(page: Page, link: string): Promise<void> {
  const code = qrcode(0, 'M');
  code.addData(link);
  code.make();
  const modules = await page.getByTestId('share-card').evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const qr = JSON.parse(canvas.dataset.qr ?? '{}') as { x: number; y: number; cell: number; count: number };
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
    const dark: boolean[][] = [];
    for (let row = 0; row < qr.count; row += 1) {
      dark.push([]);
      for (let col = 0; col < qr.count; col += 1) {
        const x = qr.x + col * qr.cell + qr.cell / 2;
        const y = qr.y + row * qr.cell + qr.cell / 2;
        dark[row]?.push((pixels?.data[(y * canvas.width + x) * 4] ?? 255) < 128);
      }
    }
    return dark;
  });
  expect(modules.length).toBe(code.getModuleCount());
  const expected = modules.map((row, r) => row.map((_, c) => code.isDark(r, c)));
  expect(modules).toEqual(expected);
}

test.describe('positions at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 }, account: 'partner3@tickline.dev' });

  test('margin in and out moves liq. as shown; reverse; share card QR; close-all', async ({
    page,
    baseUrl,
    session,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    await openPosition(baseUrl, session, 1);
    await openPositionsTab(page, false);
    const scroll = page.getByTestId('positions-scroll');
    expect(await scroll.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await expect(page.getByTestId('position-adl')).toHaveCount(1);

    const opened = Number(((await page.getByTestId('position-liquidation').textContent()) ?? '').replace(/,/g, ''));
    const added = Number((await moveMargin(page, 'add', '50')).replace(/,/g, ''));
    expect(added).toBeLessThan(opened); // a long's liquidation moves away, down
    await saveScreenshot('1440-terminal-positions-margin');
    const removed = Number((await moveMargin(page, 'remove', '20')).replace(/,/g, ''));
    expect(removed).toBeGreaterThan(added);

    await page.getByTestId('position-share').click();
    const info = await api<{ referralCode: string }>(baseUrl, 'GET', '/user/info', { token: session?.accessToken });
    const link = `${baseUrl}/register/${info.data.referralCode}`;
    await expect(page.getByTestId('share-card')).toHaveAttribute('data-link', link);
    await expect(page.getByTestId('share-card')).toHaveAttribute('data-qr', /count/);
    await expectQrOf(page, link);
    await saveScreenshot('1440-terminal-positions-share');
    await page.keyboard.press('Escape');

    await page.getByTestId('position-reverse').click();
    await page.getByTestId('reverse-confirm').click();
    await expectToast(page, 'Order successfully completed.');
    await expect(page.getByTestId('position-row')).toContainText('Short');
    await expect(page.getByTestId('position-size')).toHaveText('0.0100');

    await page.getByTestId('positions-close-all').click();
    await page.getByTestId('close-all-confirm').click();
    await expect(page.getByTestId('tab-positions')).toHaveText('Positions(0)');
  });
});

test.describe('positions at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, account: 'partner2@tickline.dev' });

  test('every action in view without sideways scrolling', async ({ page, baseUrl, session, saveScreenshot }) => {
    await openPosition(baseUrl, session, 2);
    await openPositionsTab(page, false);
    const scroll = page.getByTestId('positions-scroll');
    expect(await scroll.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    for (const id of [
      'position-close',
      'position-limit-close',
      'position-tpsl-open',
      'position-reverse',
      'position-share',
    ])
      await expect(page.getByTestId(id)).toBeInViewport();
    await saveScreenshot('1280-terminal-positions');
  });
});

test.describe('positions at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, account: 'partner2@tickline.dev' });

  test('margin dialog, ADL indicator, share card, reverse and close-all on a phone', async ({
    page,
    baseUrl,
    session,
    saveScreenshot,
  }) => {
    await openPosition(baseUrl, session, 2);
    await openPositionsTab(page, true);
    // The ADL indicator shows on the phone too.
    await expect(page.getByTestId('position-adl')).toBeVisible();
    await moveMargin(page, 'add', '10');
    await page.getByTestId('position-share').click();
    await expect(page.getByTestId('share-card')).toHaveAttribute('data-qr', /count/);
    await saveScreenshot('375-terminal-positions-share');
    await page.keyboard.press('Escape');
    await saveScreenshot('375-terminal-positions');
    // Reverse on a phone: the 0.01 BTC short becomes a 0.01 BTC long in one order of twice its size.
    await page.getByTestId('position-reverse').click();
    await expect(page.getByTestId('reverse-text')).toHaveText(
      'Market order of 0.0200 BTC to the other side: closes 0.0100 BTC and opens 0.0100 BTC Long.',
    );
    await page.getByTestId('reverse-confirm').click();
    await expectToast(page, 'Order successfully completed.');
    await expect(page.getByTestId('position-row')).toContainText('Long');
    await expect(page.getByTestId('position-size')).toHaveText('0.0100');
    const reversed = await api<Array<{ position: number; volume: number }>>(baseUrl, 'GET', '/postion/lookup', {
      token: session?.accessToken,
    });
    expect(reversed.data).toEqual([expect.objectContaining({ position: 1, volume: 0.01 })]);
    await page.getByTestId('positions-close-all').click();
    await page.getByTestId('close-all-confirm').click();
    await expect(page.getByTestId('tab-positions')).toHaveText('Positions(0)');
  });
});

for (const { width, height, account } of [
  { width: 1440, height: 900, account: 'partner3@tickline.dev' },
  { width: 375, height: 812, account: 'partner2@tickline.dev' },
] as const) {
  test.describe(`limit close at ${width} px`, () => {
    test.use({ viewport: { width, height }, account });

    test(`${width}: refused in place, sent reduce-only, rests in Open Orders, fills and halves the position`, async ({
      page,
      baseUrl,
      session,
      saveScreenshot,
    }) => {
      test.setTimeout(90_000);
      await openPosition(baseUrl, session, 1);
      await openPositionsTab(page, width < 500);
      await limitCloseRoundTrip(page, baseUrl, session!.accessToken, (name) => saveScreenshot(`${width}-${name}`));
      await page.getByTestId('positions-close-all').click();
      await page.getByTestId('close-all-confirm').click();
      await expect(page.getByTestId('tab-positions')).toHaveText('Positions(0)');
    });
  });
}
