import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountFieldProblem, amountFieldText, replacingLoneZero } from './amountField.ts';

describe('amount fields (#28 item 1)', () => {
  it('keep the decimal point the user typed', () => {
    expect(amountFieldText('12.5')).toBe('12.5');
    expect(amountFieldText('1,234.50')).toBe('1234.50');
    expect(amountFieldText('12a3')).toBe('123');
    expect(amountFieldText('007')).toBe('7');
  });

  it('refuse a point in a whole-USDT field, and decimals beyond the scale, rather than change the amount', () => {
    expect(amountFieldProblem('12.5', 0)).toBe('wholeOnly');
    expect(amountFieldProblem('125', 0)).toBeNull();
    expect(amountFieldProblem('12.5', 2)).toBeNull();
    expect(amountFieldProblem('12.', 2)).toBeNull();
    expect(amountFieldProblem('12.345', 2)).toBe('tooManyDecimals');
    expect(amountFieldProblem('1.2.3', 2)).toBe('notANumber');
  });

  it('never loses a digit or a point typed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,8}(\.\d{0,4})?$/), (typed) => {
        expect(amountFieldText(typed)).toBe(typed);
      }),
    );
  });

  it('replace the lone 0 RESET leaves, wherever the caret is', () => {
    expect(replacingLoneZero('0', '10', 1)).toBe('1'); // typed before the 0
    expect(replacingLoneZero('0', '01', 2)).toBe('1'); // typed after it
    expect(replacingLoneZero('0', '12.50', 4)).toBe('12.5'); // pasted before it
    expect(replacingLoneZero('5', '51', 2)).toBe('51');
    expect(replacingLoneZero('0', '', 0)).toBe('');
  });
});
