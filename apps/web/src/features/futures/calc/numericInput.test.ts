import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDecimal } from '@tickline/money';
import { inputUnits, sanitizeAmountInput, sanitizeTriggerInput } from './numericInput.ts';

describe('sanitizeAmountInput (seed 000 §5)', () => {
  it('groups thousands and keeps a typed fraction', () => {
    expect(sanitizeAmountInput('1234567.5', 2)).toBe('1,234,567.5');
    expect(sanitizeAmountInput('1,234', 2)).toBe('1,234');
    expect(sanitizeAmountInput('0.', 4)).toBe('0.');
    expect(sanitizeAmountInput('.5', 4)).toBe('0.5');
    expect(sanitizeAmountInput('007', 4)).toBe('7');
  });
  it('turns negative or non-numeric text into 0', () => {
    expect(sanitizeAmountInput('-5', 2)).toBe('0');
    expect(sanitizeAmountInput('12a', 2)).toBe('0');
    expect(sanitizeAmountInput('1.2.3', 2)).toBe('0');
  });
  it('stops at the field precision', () => {
    expect(sanitizeAmountInput('1.23456', 4)).toBe('1.2345');
  });
  it('reads back exactly what formatDecimal shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (units) => {
        const shown = sanitizeAmountInput(formatDecimal(units, 4), 4);
        expect(inputUnits(shown, 4)).toBe(units);
      }),
    );
  });
});

describe('sanitizeTriggerInput', () => {
  it('keeps digits and the first decimal point only', () => {
    expect(sanitizeTriggerInput('65,000.5x')).toBe('65000.5');
    expect(sanitizeTriggerInput('1.2.3')).toBe('1.23');
    expect(sanitizeTriggerInput('-7')).toBe('7');
  });
});

describe('inputUnits', () => {
  it('is 0 for empty text and the lone dot', () => {
    expect(inputUnits('', 2)).toBe(0);
    expect(inputUnits('.', 2)).toBe(0);
    expect(inputUnits('1,000.25', 2)).toBe(100025);
  });
});
