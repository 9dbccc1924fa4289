import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allAmount, validateWithdrawForm } from './withdrawForm.ts';
import { amountFieldProblem, amountFieldText } from '../../../lib/amountField.ts';

describe('affiliate withdrawal form (seed 001 §5)', () => {
  it('keeps digits, and a point typed stays to be refused (whole USDT), never dropped', () => {
    expect(amountFieldText('1,234abc')).toBe('1234');
    expect(amountFieldText('-50')).toBe('50');
    expect(amountFieldText('')).toBe('');
    expect(amountFieldText('007')).toBe('7');
    expect(amountFieldText('0')).toBe('0');
    expect(amountFieldText('12.5')).toBe('12.5');
    expect(amountFieldProblem('12.5', 0)).toBe('wholeOnly');
  });

  it('All is the bsc balance minus 50, floored at 0, in whole units', () => {
    expect(allAmount(1000)).toBe('950');
    expect(allAmount('120.99')).toBe('70');
    expect(allAmount(50)).toBe('0');
    expect(allAmount('49.5')).toBe('0');
    expect(allAmount(0)).toBe('0');
    expect(allAmount(undefined)).toBe('0');
  });

  it('All never exceeds the balance less the reserve and is never negative', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const all = BigInt(allAmount(`${whole}.${String(cents).padStart(2, '0')}`));
        expect(all >= 0n).toBe(true);
        expect(all).toBe(whole > 50n ? whole - 50n : 0n);
      }),
    );
  });

  it('checks the amount first, then the address', () => {
    expect(validateWithdrawForm('', '')).toBe('amount');
    expect(validateWithdrawForm('0', '0xabc')).toBe('amount');
    expect(validateWithdrawForm('000', '0xabc')).toBe('amount');
    expect(validateWithdrawForm('10', '  ')).toBe('walletAddress');
    expect(validateWithdrawForm('10', '0xabc')).toBeNull();
  });
});
