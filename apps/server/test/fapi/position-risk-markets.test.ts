import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDMClient } from 'binance';
import { fundedTrader, nativeLimit, startPlatform, type Platform, type Trader } from './harness.ts';

// positionRisk values each market's position at that market's mark (#34): an ETH long bought 2 % over the ETH mark
// shows the ETH mark and the PnL against it, not its entry price (as it did before the market service priced ETH).

let p: Platform;
let maker: Trader;
let taker: Trader;
let client: USDMClient;

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  maker = await fundedTrader(p);
  taker = await fundedTrader(p);
  client = new USDMClient({ api_key: taker.key.apiKey, api_secret: taker.key.secret, baseUrl: p.base });
}, 60_000);

afterAll(async () => {
  await p?.close();
});

async function ethMark(): Promise<number> {
  const summary = await p.market.futures('ETHUSDT');
  return Number(summary!.markPrice);
}

describe('positionRisk per market', () => {
  it('values an ETH position at the ETH mark, with the unrealized PnL against it', async () => {
    const index = p.market.indexPrice('ETHUSDT')!;
    const priceTicks = Math.round(index * 1.02);
    await nativeLimit(p, maker, { side: 2, priceTicks, volume: '0.01', symbol: 'ETHUSDT' });
    await nativeLimit(p, taker, { side: 1, priceTicks, volume: '0.01', symbol: 'ETHUSDT' });

    const before = await ethMark();
    const [risk] = await client.getPositions({ symbol: 'ETHUSDT' });
    const after = await ethMark();
    expect(risk).toMatchObject({ symbol: 'ETHUSDT' });
    expect(Number(risk!.positionAmt)).toBe(0.01);
    const entry = Number(risk!.entryPrice);
    const mark = Number(risk!.markPrice);
    expect(entry).toBe(priceTicks / 100);
    expect([before, after]).toContain(mark);
    expect(mark).not.toBe(entry);
    // 0.01 ETH long: (mark − entry) × 0.01, in USDT to the cent.
    expect(Number(risk!.unRealizedProfit)).toBeCloseTo((mark - entry) * 0.01, 2);
  });
});
