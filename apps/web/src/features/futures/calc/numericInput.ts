import { DecimalParseError, parseDecimal } from '@tickline/money';

/**
 * Seed 000 §5: the price and amount inputs accept only digits, dots and commas and show thousands separators;
 * a negative or non-numeric entry becomes 0. `maxDecimals` stops typing beyond the field's precision.
 */
export function sanitizeAmountInput(text: string, maxDecimals: number): string {
  if (text === '') return '';
  const plain = text.replace(/,/g, '');
  if (!/^\d*\.?\d*$/.test(plain)) return '0';
  const [whole = '', fraction] = plain.split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || (fraction !== undefined ? '0' : '')).replace(
    /\B(?=(\d{3})+(?!\d))/g,
    ',',
  );
  return fraction === undefined ? grouped : `${grouped}.${fraction.slice(0, maxDecimals)}`;
}

/** Seed 000 §5 (TP/SL): digits with at most one decimal point; anything else is dropped as typed. */
export function sanitizeTriggerInput(text: string, maxDecimals = 2): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot < 0) return kept;
  return `${kept.slice(0, dot)}.${kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals)}`;
}

/** The field's value in minor units of `scale`; empty or unreadable text is 0 (the seeds' "becomes 0"). */
export function inputUnits(text: string, scale: number): number {
  const plain = text.replace(/,/g, '');
  if (plain === '' || plain === '.') return 0;
  try {
    return parseDecimal(plain, scale);
  } catch (error) {
    if (error instanceof DecimalParseError) return 0;
    throw error;
  }
}
