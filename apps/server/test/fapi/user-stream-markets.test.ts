/**
 * The /fapi user data stream names each event's market (#34): ORDER_TRADE_UPDATE the order's, ACCOUNT_UPDATE the
 * position's, a closed one included (its state is gone, the engine's event still names the market).
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent, OrderState } from '@tickline/engine';
import type { UserBalance } from '@tickline/protocol';
import { accountUpdate, userEventsOf } from '../../src/fapi/user-stream.ts';

const ethOrder: OrderState = {
  id: 7,
  userId: 3,
  symbol: 'ETHUSDT',
  side: 1,
  orderPath: 1,
  price: 260_000,
  qty: 100,
  filledQty: 0,
  leverage: 1,
  heldMargin: 0,
  status: 'open',
  reduceOnly: false,
  clientOrderId: null,
  createdAtMs: 1,
  updatedAtMs: 1,
};
/** The wallet's two figures ACCOUNT_UPDATE reads. */
const balance = { usdtm: 10, balance: 10 };

describe('the /fapi user stream per market', () => {
  it("names ETHUSDT in an ETH order's ORDER_TRADE_UPDATE and a closed ETH position's ACCOUNT_UPDATE", () => {
    const events: EngineEvent[] = [
      { type: 'order', order: ethOrder },
      { type: 'position', userId: 3, symbol: 'ETHUSDT', position: null },
      { type: 'position', userId: 3, position: null },
    ];
    const [order, closedEth, closedBtc] = userEventsOf(events, 5);
    expect(order).toMatchObject({ userId: 3, event: { e: 'ORDER_TRADE_UPDATE', o: { s: 'ETHUSDT', i: 7 } } });
    expect(closedEth).toEqual({ userId: 3, symbol: 'ETHUSDT', position: null });
    // An event without a symbol is BTCUSDT's, as every row stored before the markets.
    expect(closedBtc).toEqual({ userId: 3, symbol: 'BTCUSDT', position: null });
    const update = accountUpdate(null, 'ETHUSDT', balance as unknown as UserBalance, 5);
    expect(update.a.P).toEqual([expect.objectContaining({ s: 'ETHUSDT', pa: '0' })]);
  });
});
