// #28 item 1: the USDT amount fields (transfer, withdraw, option stake, partner withdrawal) never drop a character
// that changes the amount. Letters and other symbols are not taken (the seeds' "digits only"), commas and spaces are
// stripped (thousands separators), but a decimal point is kept as typed: where the field takes whole USDT, or more
// decimals than its scale, the field says so and the amount is refused, rather than "12.5" silently becoming 125.

export type AmountFieldProblem = 'wholeOnly' | 'tooManyDecimals' | 'notANumber';

/** What the field keeps of what was typed: digits and points, without separators or leading zeros. */
export function amountFieldText(raw: string): string {
  return raw.replace(/[^\d.]/g, '').replace(/^0+(?=\d)/, '');
}

/** What is wrong with the field's text for a field of `scale` decimals (0: whole USDT), or null. */
export function amountFieldProblem(text: string, scale: number): AmountFieldProblem | null {
  if (!/^\d*(\.\d*)?$/.test(text)) return 'notANumber';
  const point = text.indexOf('.');
  if (point < 0) return null;
  if (scale === 0) return 'wholeOnly';
  return text.length - point - 1 > scale ? 'tooManyDecimals' : null;
}

/**
 * The text after a change, when the field showed a lone "0" (after RESET, seed 001 §5): the typed digits replace the
 * 0 wherever the caret was, so typing "12.5" into "0" gives "12.5", not "012.5" or "12.50".
 */
export function replacingLoneZero(previous: string, typed: string, caret: number | null): string {
  if (previous !== '0' || typed.length <= 1) return typed;
  const inserted = typed.length - 1;
  const end = caret ?? typed.length;
  const start = end - inserted;
  // The old 0 is the one character outside the inserted run.
  return start > 0 ? typed.slice(0, start - 1) + typed.slice(start) : typed.slice(0, end) + typed.slice(end + 1);
}
