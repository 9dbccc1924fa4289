/**
 * ccxt.pro's `watchPositions` and `watchBalance` on /fstream's user data stream (#31 item 2): a fill moves both, and
 * what the stream says equals what REST (`fetchPositions`, `fetchBalance`) says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTrader, proClient, seedBook, startPlatform, type Platform, type Trader } from './harness.ts';

let p: Platform;
let alice: Trader;
const SYMBOL = 'BTC/USDT:USDT';

beforeAll(async () => {
  p = await startPlatform();
  await seedBook(p, await fundedTrader(p));
  alice = await fundedTrader(p);
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('ccxt.pro user stream', () => {
  it('watchPositions: a market buy shows as the long position REST reports', async () => {
    const exchange = await proClient(p, alice.key);
    try {
      await exchange.loadMarkets();
      // The first call answers ccxt's REST snapshot (no position yet); the next one the stream's ACCOUNT_UPDATE.
      expect(await exchange.watchPositions([SYMBOL])).toEqual([]);
      const watching = exchange.watchPositions([SYMBOL]);
      await exchange.createOrder(SYMBOL, 'market', 'buy', 0.005);
      const positions = await watching;
      const streamed = positions.find((position) => position.symbol === SYMBOL)!;
      expect(streamed.contracts).toBe(0.005);
      expect(streamed.side).toBe('long');
      expect(streamed.entryPrice).toBe((p.price + 100) / 100);
      const [rest] = await exchange.fetchPositions([SYMBOL]);
      expect(rest!.contracts).toBe(streamed.contracts);
      expect(rest!.entryPrice).toBe(streamed.entryPrice);
    } finally {
      await exchange.close();
    }
  });

  it('watchBalance: a fill changes the USDT wallet to what fetchBalance reports', async () => {
    const exchange = await proClient(p, alice.key);
    try {
      await exchange.loadMarkets();
      const before = await exchange.fetchBalance();
      const watching = exchange.watchBalance();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await exchange.createOrder(SYMBOL, 'market', 'sell', 0.005);
      const streamed = await watching;
      const after = await exchange.fetchBalance();
      // The close paid a fee: the wallet moved, and the stream says where to.
      expect(after.USDT!.total).not.toBe(before.USDT!.total);
      expect(streamed.USDT!.total).toBe(after.USDT!.total);
    } finally {
      await exchange.close();
    }
  });
});
