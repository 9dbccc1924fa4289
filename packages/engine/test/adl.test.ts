import { describe, expect, it } from 'vitest';
import { Account, Exchange, type EngineEvent } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, usd, USDT } from './support/exchange-harness.ts';

const HIGH_LEVERAGE_SHORT = 3;

/**
 * ADL on. TRADER long 1 BTC at 50,000, 10x (margin 5,000: bankrupt at 45,000, liquidated at 45,180.73); the shorts
 * against it are MAKER (0.5 BTC at 1x) and HIGH_LEVERAGE_SHORT (0.5 BTC at 20x). OTHER later bids below 45,000.
 */
function shortsAgainstALong(insuranceFund = 0) {
  let h = new Harness({ autoDeleverage: true });
  h.fundFutures(MAKER, 1_000_000 * USDT);
  h.fundFutures(HIGH_LEVERAGE_SHORT, 10_000 * USDT);
  h.fundFutures(TRADER, 6_000 * USDT);
  h.fundFutures(OTHER, 100_000 * USDT);
  h.tick(usd(50_000));
  h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
  h.ok({ type: 'setLeverage', userId: HIGH_LEVERAGE_SHORT, leverage: 20 });
  h.limit(MAKER, 2, usd(50_000), btc(0.5));
  h.limit(HIGH_LEVERAGE_SHORT, 2, usd(50_000), btc(0.5));
  h.market(TRADER, 1, btc(1));
  if (insuranceFund > 0) {
    // The fund as earlier liquidations would have left it: moved from the treasury in the restored books.
    const snapshot = h.exchange.snapshot();
    const balances = new Map(snapshot.balances);
    balances.set(Account.insuranceFund, insuranceFund);
    balances.set(Account.treasury, (balances.get(Account.treasury) ?? 0) - insuranceFund);
    const restored = { ...snapshot, balances: [...balances].sort(([a], [b]) => (a < b ? -1 : 1)) };
    const nowMs = h.nowMs;
    h = new Harness({ autoDeleverage: true });
    h.exchange = Exchange.fromSnapshot(restored, { autoDeleverage: true });
    h.nowMs = nowMs;
  }
  return h;
}

const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) =>
  events.filter((event): event is Extract<EngineEvent, { type: T }> => event.type === type);

describe('auto-deleveraging', () => {
  it('ranks the opposite side by PnL % × margin ratio and shows it as adlQuantile', () => {
    const h = shortsAgainstALong();
    expect(h.exchange.adlQuantile(MAKER)).toBe(0); // no profit at the entry price
    h.tick(usd(46_000));
    // Both shorts gain 2,000; the 20x one on 1,250 of margin ranks before the 1x one on 25,000.
    expect(h.exchange.adlQuantile(HIGH_LEVERAGE_SHORT)).toBe(4);
    expect(h.exchange.adlQuantile(MAKER)).toBe(2);
    expect(h.exchange.adlQuantile(TRADER)).toBe(0); // in loss
    expect(h.exchange.adlQuantile(OTHER)).toBeNull(); // no position
  });

  it('closes the liquidated position against the queue at its bankruptcy price when the fund is empty', () => {
    const h = shortsAgainstALong();
    h.limit(OTHER, 1, usd(44_000), btc(1)); // the only bid, 1,000 below bankruptcy: the fund would pay 1,000
    const makerBefore = h.totalOf(MAKER);
    const shortBefore = h.totalOf(HIGH_LEVERAGE_SHORT);
    const output = h.tick(usd(44_000));
    expect(output.result).toMatchObject({ value: { liquidated: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(h.exchange.position(HIGH_LEVERAGE_SHORT)).toBeNull();
    expect(h.exchange.position(MAKER)).toBeNull();
    expect(h.exchange.position(OTHER)).toBeNull(); // its bid was not taken
    expect(h.exchange.depth(5).bids).toEqual([[usd(44_000), btc(1)]]);
    // The trader loses the margin only; each short gains 0.5 × (50,000 − 45,000) with no fee.
    expect(h.totalOf(TRADER)).toBe(985 * USDT);
    expect(h.totalOf(HIGH_LEVERAGE_SHORT) - shortBefore).toBe(2_500 * USDT);
    expect(h.totalOf(MAKER) - makerBefore).toBe(2_500 * USDT);
    expect(output.postings.filter((posting) => posting.kind === 'insurance')).toEqual([]);
    expect(output.postings.filter((posting) => posting.kind === 'trading_fee')).toEqual([]);
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
    expect(ofType(output.events, 'autoDeleverage')).toEqual([
      {
        type: 'autoDeleverage',
        symbol: 'BTCUSDT',
        liquidatedUserId: TRADER,
        side: 1,
        qty: btc(1),
        bankruptcyPrice: usd(45_000),
        markPrice: usd(44_000),
        counterparties: [
          { userId: HIGH_LEVERAGE_SHORT, qty: btc(0.5) },
          { userId: MAKER, qty: btc(0.5) },
        ],
      },
    ]);
    const notices = ofType(output.events, 'notice');
    expect(notices.map((notice) => [notice.userId, notice.kind])).toEqual([
      [HIGH_LEVERAGE_SHORT, 'autoDeleverage'],
      [MAKER, 'autoDeleverage'],
      [TRADER, 'liquidation'],
    ]);
    const liquidation = ofType(output.events, 'order').find((event) => event.order.userId === TRADER)!.order;
    expect(liquidation).toMatchObject({ orderPath: 5, status: 'filled', filledQty: btc(1) });
    expect(ofType(output.events, 'futuresHistory').map(({ entry }) => [entry.userId, entry.position])).toEqual([
      [HIGH_LEVERAGE_SHORT, 4],
      [TRADER, 3],
      [MAKER, 4],
      [TRADER, 3],
    ]);
  });

  it('lets the book take what the fund can pay for and deleverages only the rest', () => {
    const h = shortsAgainstALong(150 * USDT);
    h.limit(OTHER, 1, usd(44_000), btc(1));
    h.limit(MAKER, 1, usd(30_000), btc(1)); // a deleveraged user's waiting orders are cancelled
    const output = h.tick(usd(44_000));
    // 0.15 BTC at 44,000 loses 900 on 750 of released margin: the fund's 150 pays the rest, then it is empty.
    expect(h.exchange.position(OTHER)).toMatchObject({ side: 1, qty: btc(0.15) });
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
    expect(h.exchange.position(HIGH_LEVERAGE_SHORT)).toBeNull();
    expect(h.exchange.position(MAKER)).toMatchObject({ side: 2, qty: btc(0.15) });
    expect(h.exchange.openOrders(MAKER)).toEqual([]);
    expect(ofType(output.events, 'autoDeleverage')[0]).toMatchObject({
      qty: btc(0.85),
      bankruptcyPrice: usd(45_000),
      counterparties: [
        { userId: HIGH_LEVERAGE_SHORT, qty: btc(0.5) },
        { userId: MAKER, qty: btc(0.35) },
      ],
    });
    expect(output.postings.some((posting) => posting.debit === Account.treasury)).toBe(false);
  });

  it('keeps the treasury refill when ADL is off (the default)', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 6_000 * USDT);
    h.tick(usd(50_000));
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    h.limit(MAKER, 2, usd(50_000), btc(1));
    h.market(TRADER, 1, btc(1));
    h.limit(MAKER, 1, usd(44_000), btc(1));
    const output = h.tick(usd(44_000));
    expect(ofType(output.events, 'autoDeleverage')).toEqual([]);
    expect(output.postings).toContainEqual(
      expect.objectContaining({ debit: Account.treasury, credit: Account.insuranceFund, amount: 1_000 * USDT }),
    );
  });

  it('passes over a counterparty that would lose beyond its margin at the bankruptcy price', () => {
    const h = shortsAgainstALong();
    const lateShort = 4;
    h.fundFutures(lateShort, 10_000 * USDT);
    h.tick(usd(43_000)); // no bids: the trader's long stays, past its liquidation price
    expect(h.exchange.position(TRADER)).not.toBeNull();
    h.ok({ type: 'setLeverage', userId: lateShort, leverage: 50 });
    h.limit(OTHER, 1, usd(43_000), btc(0.5));
    h.limit(lateShort, 2, usd(43_000), btc(0.5)); // 50x short at 43,000: bankrupt at 43,860
    h.tick(usd(42_500)); // still no bids
    // The late short ranks first (PnL 500 on 860 of margin per BTC) but would lose 2,000 per BTC at 45,000.
    expect([lateShort, HIGH_LEVERAGE_SHORT, MAKER].map((userId) => h.exchange.adlQuantile(userId))).toEqual([4, 3, 1]);
    h.limit(OTHER, 1, usd(42_000), btc(1));
    const output = h.tick(usd(42_500));
    expect(ofType(output.events, 'autoDeleverage')[0]).toMatchObject({
      counterparties: [
        { userId: HIGH_LEVERAGE_SHORT, qty: btc(0.5) },
        { userId: MAKER, qty: btc(0.5) },
      ],
    });
    expect(h.exchange.position(lateShort)).toMatchObject({ side: 2, qty: btc(0.5) });
    expect(h.exchange.position(TRADER)).toBeNull();
  });
});
