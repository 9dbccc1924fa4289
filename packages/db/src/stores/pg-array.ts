/**
 * PostgreSQL array literals for the sequencer's `unnest(...)` statements, built in one pass. Given JS arrays,
 * node-postgres converts and escapes every element one at a time, which for a batch's thousands of rows cost more
 * Node time than PostgreSQL spent running the statement.
 */

/** `{1,2,NULL}` from integer fields (null → NULL). A non-integer is a bug: refused here rather than sent. */
export function integerArray<T>(rows: readonly T[], pick: (row: T) => number | null): string {
  let literal = '{';
  for (let index = 0; index < rows.length; index++) {
    const value = pick(rows[index]!);
    if (value !== null && !Number.isSafeInteger(value)) throw new TypeError(`not a safe integer: ${value}`);
    literal += (index === 0 ? '' : ',') + (value === null ? 'NULL' : value);
  }
  return literal + '}';
}

/** `{t,f}` from boolean fields. */
export function booleanArray<T>(rows: readonly T[], pick: (row: T) => boolean): string {
  return `{${rows.map((row) => (pick(row) ? 't' : 'f')).join(',')}}`;
}

/** `{"a","b"}` from text fields: every element quoted, backslash and double quote escaped. */
export function textArray<T>(rows: readonly T[], pick: (row: T) => string): string {
  let literal = '{';
  for (let index = 0; index < rows.length; index++) {
    const value = pick(rows[index]!);
    const escaped = NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED_CHARACTERS, '\\$&') : value;
    literal += (index === 0 ? '"' : ',"') + escaped + '"';
  }
  return literal + '}';
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED_CHARACTERS = /["\\]/g;
