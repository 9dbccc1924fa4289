import { describe, expect, it } from 'vitest';
import type { EngineEvent, TradeRecord } from '@tickline/engine';
import { EngineMarketBridge, type EngineDepthView } from '../../src/services/market/engine-bridge.ts';
import type { TradeTick } from '../../src/services/market/types.ts';

function trade(id: number, price: number, qty: number): EngineEvent {
  const record: TradeRecord = {
    id,
    price,
    qty,
    takerSide: 2,
    makerOrderId: 1,
    takerOrderId: 2,
    makerUserId: 10,
    takerUserId: 11,
    timeMs: 1_000 + id,
  };
  return { type: 'trade', trade: record };
}

describe('engine bridge', () => {
  it('publishes trades and the last price, then re-reads the committed book', async () => {
    let view: EngineDepthView = { bids: [[100, 5]], asks: [[101, 7]] };
    let reads = 0;
    const bridge = new EngineMarketBridge({
      readDepth: async (levels) => {
        reads += 1;
        expect(levels).toBe(200);
        return view;
      },
    });
    const trades: TradeTick[] = [];
    const changes: string[] = [];
    bridge.onTrade((t) => trades.push(t));
    bridge.onDepthChange((symbol) => changes.push(symbol));
    await bridge.refreshDepth();
    expect(bridge.depth('BTCUSDT', 10)).toEqual({ bids: [{ price: 100, qty: 5 }], asks: [{ price: 101, qty: 7 }] });
    expect(bridge.lastPrice('BTCUSDT')).toBeNull();

    view = { bids: [[99, 1]], asks: [[101, 2]] };
    bridge.handleEvents([trade(1, 100, 4), trade(2, 100, 1)]);
    expect(trades.map((t) => [t.id, t.price, t.qty, t.takerSide, t.symbol])).toEqual([
      [1, 100, 4, 2, 'BTCUSDT'],
      [2, 100, 1, 2, 'BTCUSDT'],
    ]);
    expect(bridge.lastPrice('BTCUSDT')).toBe(100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(bridge.depth('BTCUSDT', 1).bids).toEqual([{ price: 99, qty: 1 }]);
    expect(changes).toEqual(['BTCUSDT', 'BTCUSDT']);
    expect(reads).toBe(2);
    expect(bridge.depth('ETHUSDT', 5)).toEqual({ bids: [], asks: [] });
  });

  it('collapses reads requested while one is running and ignores batches without book changes', async () => {
    let release: () => void = () => undefined;
    let reads = 0;
    const bridge = new EngineMarketBridge({
      readDepth: () => {
        reads += 1;
        return new Promise((resolve) => {
          release = () => resolve({ bids: [], asks: [] });
        });
      },
    });
    bridge.handleEvents([{ type: 'leverage', userId: 1, leverage: 5 }]);
    expect(reads).toBe(0);
    const first = bridge.refreshDepth();
    void bridge.refreshDepth();
    void bridge.refreshDepth();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await first;
    expect(reads).toBe(2);
  });
});
