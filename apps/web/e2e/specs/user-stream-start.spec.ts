// The futures screen reads its account again once the user stream has started: a position opened after the screen's
// first reads and before the server accepted the socket's `auth` (no event of it ever comes) is still shown. The
// socket's auth frame is held back here to make that window as long as the test needs; on a loaded host it was a
// few hundred milliseconds after a page load, and the chart's position lines stayed empty (terminal-chart.spec.ts).
import { expect, test } from '../harness/fixtures.ts';
import { fundedTrader } from '../harness/futures.ts';
import { api, openAs } from '../harness/helpers.ts';

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a position opened before the user stream started is shown once it starts, at ${width} px`, async ({
    page,
    baseUrl,
    saveScreenshot,
  }) => {
    await page.setViewportSize({ width, height });
    const trader = await fundedTrader(baseUrl, `stream${width}`, 1_000);
    let releaseAuth = () => undefined as void;
    const authHeld = new Promise<void>((resolve) => (releaseAuth = resolve));
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (message) => {
        if (typeof message === 'string' && message.startsWith('{"type":"auth"')) await authHeld;
        server.send(message);
      });
    });
    await openAs(page, trader, '/futures');
    await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-account-loaded', 'true');
    const positionsTab = page.getByTestId('tab-positions');
    await expect(positionsTab).toHaveText('Positions(0)');

    const { leverage } = (await api<{ leverage: number }>(baseUrl, 'GET', '/user/info', { token: trader.accessToken }))
      .data;
    const long = await api(baseUrl, 'POST', '/order/registerOrder', {
      token: trader.accessToken,
      body: { leverage, volume: '0.001', type: 2, priceType: 2, position: 1, orderPath: 2, price: 0 },
    });
    expect(long.code, long.message).toBe(0);
    await expect
      .poll(async () => (await api<unknown[]>(baseUrl, 'GET', '/postion/lookup', { token: trader.accessToken })).data)
      .toHaveLength(1);
    // Nothing has told the page yet: its reads predate the position and its stream has not started.
    await expect(positionsTab).toHaveText('Positions(0)');

    releaseAuth();
    await expect(positionsTab).toHaveText('Positions(1)');
    if (width < 768) await page.getByTestId('view-chart').click();
    await expect(page.getByTestId('price-chart')).toHaveAttribute('data-price-lines', /^entry/);
    await saveScreenshot(`${width}-user-stream-start-position`, { fullPage: false });
  });
}
