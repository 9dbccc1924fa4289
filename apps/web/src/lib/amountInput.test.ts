import { formatDecimal } from '@tickline/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInputOrZero, formatAmountInput, parseAmountInput } from './amountInput.ts';

/** Text a user could type for a valid amount: digits, maybe commas anywhere in the whole part, maybe decimals. */
const typedAmount = (maxDecimals: number) =>
  fc
    .tuple(
      fc.array(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ','), { minLength: 1, maxLength: 12 }),
      fc.option(fc.array(fc.constantFrom('0', '1', '5', '9'), { maxLength: maxDecimals }), { nil: undefined }),
    )
    .filter(([whole]) => whole.some((character) => character !== ','))
    .map(([whole, fraction]) => `${whole.join('')}${fraction === undefined ? '' : `.${fraction.join('')}`}`);

describe('parseAmountInput', () => {
  it('reads digits, one point and commas as thousands separators', () => {
    expect(parseAmountInput('1,234.5', 2)).toBe(123450);
    expect(parseAmountInput('1234', 4)).toBe(12340000);
    expect(parseAmountInput('0.0001', 4)).toBe(1);
    expect(parseAmountInput('.5', 1)).toBe(5);
    expect(parseAmountInput('7.', 2)).toBe(700);
  });

  it('counts negative, empty and non-numeric text as 0 (seeds)', () => {
    for (const text of ['', '  ', '-5', '-0.1', 'abc', '1.2.3', '1e5', '$10', '.', ',', '12a'])
      expect(parseAmountInput(text, 2), text).toBe(0);
  });

  it('cuts decimals beyond the scale off (never rounds an amount up)', () => {
    expect(parseAmountInput('0.12999', 4)).toBe(1299);
    expect(parseAmountInput('9.999', 2)).toBe(999);
  });

  it('counts an amount too large to hold as 0', () => {
    expect(parseAmountInput('99999999999999999999', 2)).toBe(0);
  });

  it('gives back every amount it formatted, with thousands separators, at every scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 8 }),
        (units, scale) => {
          expect(parseAmountInput(formatDecimal(units, scale), scale)).toBe(units);
        },
      ),
    );
  });

  it('makes any negative amount 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (units) => {
        expect(parseAmountInput(`-${formatDecimal(units, 2)}`, 2)).toBe(0);
      }),
    );
  });
});

describe('formatAmountInput', () => {
  it('shows the whole part with thousands separators and keeps the point and decimals as typed', () => {
    expect(formatAmountInput('1234567', 4)).toBe('1,234,567');
    expect(formatAmountInput('1234.', 4)).toBe('1,234.');
    expect(formatAmountInput('1234.50', 4)).toBe('1,234.50');
    expect(formatAmountInput('1,2,3,4', 4)).toBe('1,234');
    expect(formatAmountInput('.5', 4)).toBe('0.5');
    expect(formatAmountInput('0007', 4)).toBe('7');
    expect(formatAmountInput('0.25', 4)).toBe('0.25');
    expect(formatAmountInput('', 4)).toBe('');
  });

  it('drops other characters, a second point and decimals beyond the limit', () => {
    expect(formatAmountInput('-1a2b3', 2)).toBe('123');
    expect(formatAmountInput('1.2.3', 2)).toBe('1.23');
    expect(formatAmountInput('0.123456', 4)).toBe('0.1234');
    expect(formatAmountInput('12.5', 0)).toBe('12');
  });

  it('is stable: formatting its own output changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 8 }), (raw, maxDecimals) => {
        const once = formatAmountInput(raw, maxDecimals);
        expect(formatAmountInput(once, maxDecimals)).toBe(once);
      }),
    );
  });

  it('never changes the value of a valid amount', () => {
    fc.assert(
      fc.property(typedAmount(6), (typed) => {
        expect(parseAmountInput(formatAmountInput(typed, 6), 6)).toBe(parseAmountInput(typed, 6));
      }),
    );
  });
});

describe('amountInputOrZero (seed 000 §5 price and amount fields)', () => {
  it('groups thousands and keeps a typed fraction', () => {
    expect(amountInputOrZero('1234567.5', 2)).toBe('1,234,567.5');
    expect(amountInputOrZero('1,234', 2)).toBe('1,234');
    expect(amountInputOrZero('0.', 4)).toBe('0.');
    expect(amountInputOrZero('.5', 4)).toBe('0.5');
    expect(amountInputOrZero('007', 4)).toBe('7');
    expect(amountInputOrZero('', 4)).toBe('');
  });

  it('turns negative or non-numeric text into 0', () => {
    for (const text of ['-5', '12a', '1.2.3', '1e5']) expect(amountInputOrZero(text, 2), text).toBe('0');
  });

  it('stops at the field precision, and reads back exactly what formatDecimal shows', () => {
    expect(amountInputOrZero('1.23456', 4)).toBe('1.2345');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (units) => {
        expect(parseAmountInput(amountInputOrZero(formatDecimal(units, 4), 4), 4)).toBe(units);
      }),
    );
  });
});

describe('formatAmountInput without grouping (TP/SL triggers)', () => {
  it('keeps digits and the first decimal point only', () => {
    expect(formatAmountInput('65,000.5x', 2, { grouped: false })).toBe('65000.5');
    expect(formatAmountInput('1.2.3', 2, { grouped: false })).toBe('1.23');
    expect(formatAmountInput('-7', 2, { grouped: false })).toBe('7');
  });
});
