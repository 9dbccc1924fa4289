// Field schemas shared by the route definitions. A schema may attach a catalogue error to an issue
// (`params: { failure }`): the server then answers that error instead of VALIDATION_FAILED (http/validation.ts).
import { z } from 'zod';
import type { ErrorDefinition } from '../errors/index.ts';

/**
 * A text field that may be missing (treated as empty, so ordered rules can answer the seeds' "Please
 * enter ..." messages) and is capped in length.
 */
export function optionalText(field: string, maxLength: number, options: { trim?: boolean; multiline?: boolean } = {}) {
  const text = z
    .string({ error: `${field} must be a text` })
    .max(maxLength, { error: `${field} must be at most ${maxLength} characters` })
    .nullish()
    .transform((value) => (options.trim === false ? (value ?? '') : (value ?? '').trim()));
  // Control characters are refused for every field by the server's parseInput; a single-line one refuses tabs and
  // line breaks too (after trimming, so a pasted value's trailing newline is harmless). A field kept as typed
  // (`trim: false`: passwords, the feedback's body) may hold them unless it says `multiline: false`.
  return (options.multiline ?? options.trim === false)
    ? text
    : text.refine((value) => !LINE_CONTROL.test(value), { error: `${field} must be a single line of text` });
}

const LINE_CONTROL = /[\t\n\r]/;

/** Any value, checked by the use case (numbers that may arrive as text, codes with their own messages). */
export function checkedLater(description: string) {
  return z.unknown().optional().meta({ description });
}

/** A safe positive integer; anything else answers `failure` (`message` is the text). */
export function positiveInteger(message: string, failure: ErrorDefinition) {
  return z.custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0, {
    error: message,
    params: { failure },
  });
}

/** `?page=N`: a whole number from 1 (default 1). */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'page must be a whole number from 1' })
    .transform(Number)
    .refine((page) => page >= 1, { error: 'page must be a whole number from 1' })
    .optional()
    .transform((page) => page ?? 1),
});

/** `?page=N` on the lists that leave the default to the use case. */
export const optionalPage = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a page number from 1' })
  .transform(Number)
  .optional();

/** `?type=N`: the transfer type (2 = spot ↔ futures). */
export const transferTypeQuery = z.object({
  type: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'type must be a transfer type number (2: spot ↔ futures)' })
    .transform(Number)
    .optional()
    .transform((type) => type ?? 2),
});

/**
 * `symbol` on a trading call (#34): the market, e.g. ETHUSDT (any case); absent = BTCUSDT, as the seeds' calls.
 * Checked by the use case against the engine's markets: one it does not run answers MARKET_UNKNOWN_SYMBOL (7001).
 */
export const marketSymbol = checkedLater('The market, e.g. ETHUSDT (default BTCUSDT); unknown: MARKET_UNKNOWN_SYMBOL.');

/** `symbol` on a list (#34): that market's rows; absent = every market's. */
export const marketFilter = checkedLater("Only this market's rows, e.g. ETHUSDT; absent: every market's.");

/** An answer whose `data` is null. */
export const nothing = z.null();
