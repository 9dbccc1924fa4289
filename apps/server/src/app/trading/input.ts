import { DecimalParseError } from '@tickline/money';
import { Errors, type ErrorName } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';

/** A refusal named in the catalogue. */
export function refuse(name: ErrorName, message?: string): never {
  throw new AppError(Errors[name], message === undefined ? {} : { message });
}

/**
 * Decimal text as an API sends it: digits with an optional fraction. No spaces, signs, exponents or thousands
 * separators (parseDecimal reads "1,000" as a thousand, which a user writing a decimal comma means as one).
 */
const PLAIN_DECIMAL_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Parses a decimal field with `parse`, answering `failure` for junk, negatives and excess precision. */
export function nonNegativeDecimal(
  value: unknown,
  parse: (input: string | number) => number,
  failure: ErrorName,
): number {
  if (typeof value !== 'string' && typeof value !== 'number') refuse(failure);
  if (typeof value === 'string' && !PLAIN_DECIMAL_TEXT.test(value)) refuse(failure);
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof DecimalParseError) refuse(failure);
    throw error;
  }
}

/** As nonNegativeDecimal, and zero answers `failure` too. */
export function positiveDecimal(value: unknown, parse: (input: string | number) => number, failure: ErrorName): number {
  const parsed = nonNegativeDecimal(value, parse, failure);
  if (parsed <= 0) refuse(failure);
  return parsed;
}
