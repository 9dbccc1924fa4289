import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transferMaxText, wholeUsdtText, withdrawAllText, withdrawalDebit } from './amounts.ts';
import { parseAmountInput } from '../../../lib/amountInput.ts';

const USDT = 1_000_000;
/** The server's withdrawal fee as it serves it by default (GET /server/config). */
const FEE = 5 * USDT;
const balance = fc.integer({ min: 0, max: 10 ** 15 });

describe('wallet amounts', () => {
  it('debits a withdrawal with the server’s fee on top, and nothing while the field is empty', () => {
    expect(withdrawalDebit('', FEE)).toBe(0);
    expect(withdrawalDebit('10', FEE)).toBe(15 * USDT);
    expect(withdrawalDebit('1,234', FEE)).toBe(1_239 * USDT);
    expect(withdrawalDebit('10', 7 * USDT)).toBe(17 * USDT);
  });

  it('offers the whole USDT of the balance, rounded down', () => {
    expect(wholeUsdtText(0)).toBe('0');
    expect(wholeUsdtText(999_999)).toBe('0');
    expect(wholeUsdtText(12 * USDT + 999_999)).toBe('12');
    expect(wholeUsdtText(-1)).toBe('0');
  });

  it('Withdraw All leaves the fee: its debit is covered by the balance, and one USDT more would not be', () => {
    expect(withdrawAllText(812_530_000, FEE)).toBe('807');
    expect(withdrawAllText(4 * USDT, FEE)).toBe('0');
    fc.assert(
      fc.property(balance, fc.integer({ min: 0, max: 100 * USDT }), (spot, fee) => {
        const all = withdrawAllText(spot, fee);
        if (spot < fee) {
          expect(all).toBe('0');
          return;
        }
        expect(withdrawalDebit(all, fee)).toBeLessThanOrEqual(spot);
        expect(withdrawalDebit(String(Number(all) + 1), fee)).toBeGreaterThan(spot);
      }),
    );
  });

  it('MAX of a transfer is the balance to the cent, rounded down', () => {
    expect(transferMaxText(812_534_999)).toBe('812.53');
    expect(transferMaxText(12 * USDT)).toBe('12');
    expect(transferMaxText(-5)).toBe('0');
    fc.assert(
      fc.property(balance, (available) => {
        const offered = parseAmountInput(transferMaxText(available), 6);
        expect(offered).toBeLessThanOrEqual(available);
        expect(available - offered).toBeLessThan(10_000);
      }),
    );
  });
});
