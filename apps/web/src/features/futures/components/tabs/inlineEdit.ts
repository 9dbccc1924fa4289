// The inline edit of an open order's price or size: the typed text parsed to integer minor units (no float), then
// sent as its exact decimal so the server reads what the trader typed.
import { DecimalParseError, PRICE_SCALE, QTY_SCALE, parseDecimal, toDecimalString } from '@tickline/money';

export type AmendField = 'price' | 'volume';

export const AMEND_SCALES: Record<AmendField, number> = { price: PRICE_SCALE, volume: QTY_SCALE };

export type AmendProblem = 'empty' | 'syntax' | 'negative' | 'precision' | 'overflow' | 'zero' | 'unchanged';

export type ParsedAmend = { ok: true; units: number; text: string } | { ok: false; problem: AmendProblem };

/**
 * Parses the edited value of `field`: price in cents (scale 2), size in 0.0001 BTC lots (scale 4). Refuses empty,
 * junk, signs, more decimals than the scale, zero and the value the order already has (the server would answer
 * "nothing to change").
 */
export function parseAmendInput(field: AmendField, input: string, current: number): ParsedAmend {
  const scale = AMEND_SCALES[field];
  let units: number;
  try {
    units = parseDecimal(input, scale);
  } catch (error) {
    if (error instanceof DecimalParseError) return { ok: false, problem: error.problem };
    throw error;
  }
  if (units === 0) return { ok: false, problem: 'zero' };
  if (units === parseDecimal(current, scale)) return { ok: false, problem: 'unchanged' };
  return { ok: true, units, text: toDecimalString(units, scale) };
}

/** The amend request body for one edited field; the other is left out, so the server keeps it. */
export function amendBody(
  no: number,
  field: AmendField,
  text: string,
): { no: number; price?: string; volume?: string } {
  return field === 'price' ? { no, price: text } : { no, volume: text };
}
