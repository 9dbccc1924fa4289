import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toDecimalString, QTY_SCALE, USDT_SCALE } from '@tickline/money';
import { fundingSinceOpen, openedAtMs, reachesBefore, type Fill, type FundingRow } from './fundingSinceOpen.ts';

const T0 = Date.UTC(2026, 10, 26, 0, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
// The API's numbers are the server's integers written as decimals; these build them the same way.
const usdt = (micros: number) => Math.sign(micros) * Number(toDecimalString(Math.abs(micros), USDT_SCALE));
const btc = (lots: number) => Number(toDecimalString(lots, QTY_SCALE));

const fundingRow = (timeMs: number, micros: number): FundingRow => ({
  symbol: 'BTCUSDT',
  time: iso(timeMs),
  fundingRate: 0.0001,
  position: 1,
  volume: 0.01,
  markPrice: 100_000,
  amount: usdt(micros),
});

const fill = (timeMs: number, position: Fill['position'], lots: number, status?: Fill['status']): Fill => ({
  no: timeMs,
  symbol: 'BTCUSDT',
  insertDate: iso(timeMs),
  orderPath: 1,
  position,
  price: 100_000,
  closePrice: position >= 3 ? 100_100 : 0,
  volume: btc(lots),
  openOrderFee: 0,
  closeOrderFee: 0,
  realizedProfit: 0,
  ...(status ? { status } : {}),
});

describe('fundingSinceOpen', () => {
  it('adds the payments at or after the opening, received positive and paid negative, to the micro-USDT', () => {
    const rows = [fundingRow(T0 + 3000, -1_234_567), fundingRow(T0 + 2000, 10), fundingRow(T0 + 1000, 999_999)];
    expect(fundingSinceOpen(rows, T0 + 2000, 'BTCUSDT')).toBe(-1_234_557);
    expect(fundingSinceOpen(rows, T0 + 3001, 'BTCUSDT')).toBe(0);
  });

  it('equals the integer sum of exactly the payments since the opening (property)', () => {
    const payment = fc.record({
      offset: fc.integer({ min: 0, max: 10_000_000 }),
      micros: fc.integer({ min: -50_000_000_000, max: 50_000_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 40 }), fc.integer({ min: 0, max: 10_000_000 }), (payments, open) => {
        const rows = payments.map((p) => fundingRow(T0 + p.offset, p.micros));
        const expected = payments.filter((p) => p.offset >= open).reduce((sum, p) => sum + p.micros, 0);
        const sum = fundingSinceOpen(rows, T0 + open, 'BTCUSDT');
        expect(Number.isSafeInteger(sum)).toBe(true);
        expect(sum).toBe(expected);
      }),
    );
  });
});

describe('openedAtMs', () => {
  it('finds the fill that opened the present position, past earlier closed ones', () => {
    const fills = [
      fill(T0 + 500, 4, 3000), // part closed
      fill(T0 + 400, 1, 5000), // added
      fill(T0 + 300, 1, 8000), // opened: 8000 + 5000 - 3000 = 10000 now
      fill(T0 + 200, 4, 2000), // an earlier position, closed
      fill(T0 + 100, 1, 2000),
    ];
    expect(openedAtMs(fills, 10_000, 'BTCUSDT')).toBe(T0 + 300);
    expect(openedAtMs(fills.slice(0, 2), 10_000, 'BTCUSDT')).toBeNull();
  });

  it('counts only the position’s own market: another market’s fills and settlements are skipped (#34)', () => {
    const eth = <T extends object>(row: T) => ({ ...row, symbol: 'ETHUSDT' });
    const fills = [eth(fill(T0 + 400, 4, 5_000)), fill(T0 + 300, 1, 100), eth(fill(T0 + 200, 1, 5_000))];
    expect(openedAtMs(fills, 100, 'BTCUSDT')).toBe(T0 + 300);
    expect(openedAtMs(fills, 100, 'ETHUSDT')).toBeNull();
    const rows = [eth(fundingRow(T0 + 500, 7)), fundingRow(T0 + 400, -3)];
    expect(fundingSinceOpen(rows, T0 + 300, 'BTCUSDT')).toBe(-3);
    expect(fundingSinceOpen(rows, T0 + 300, 'ETHUSDT')).toBe(7);
  });

  it('skips cancelled orders, which never changed the position', () => {
    expect(openedAtMs([fill(T0 + 2, 1, 9999, 'cancelled'), fill(T0 + 1, 2, 100)], 100, 'BTCUSDT')).toBe(T0 + 1);
  });

  it('is the time of the earliest fill after the last time the position was flat (property)', () => {
    // A history of rounds: each opens with one fill, then adds and reduces without reaching zero, closed at the end
    // except the last one, which is the present position.
    const round = fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(round, { minLength: 1, maxLength: 5 }), fc.boolean(), (rounds, partClose) => {
        const fills: Fill[] = [];
        let time = T0;
        let present = 0;
        let presentOpenedAt = 0;
        rounds.forEach((adds, index) => {
          const openedAt = time;
          let size = 0;
          for (const lots of adds) {
            fills.push(fill(time++, 2, lots));
            size += lots;
          }
          const last = index === rounds.length - 1;
          if (partClose && size > 1) {
            fills.push(fill(time++, 4, size - 1));
            size = 1;
          }
          if (!last) fills.push(fill(time++, index % 2 ? 3 : 4, size));
          else [present, presentOpenedAt] = [size, openedAt];
        });
        expect(openedAtMs(fills.reverse(), present, 'BTCUSDT')).toBe(presentOpenedAt);
      }),
    );
  });
});

describe('reachesBefore', () => {
  it('says whether the oldest row given is older than the opening', () => {
    expect(reachesBefore([], T0)).toBe(false);
    expect(reachesBefore([fundingRow(T0 + 5, 1), fundingRow(T0, 1)], T0)).toBe(false);
    expect(reachesBefore([fundingRow(T0 + 5, 1), fundingRow(T0 - 1, 1)], T0)).toBe(true);
  });
});
