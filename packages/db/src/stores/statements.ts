import pg from 'pg';
import type { Queryable } from '../pool.ts';

// The sequencer's writes as data (#30): each store builds its statements once, and they are either run one by one
// (`runStatements`, parameters bound) or folded with the batch's COMMIT into one simple-protocol message
// (`foldStatements`), one round trip for the whole critical section of a batch.

/** A parameter of a batch statement: what `sqlLiteral` can write into the text safely. */
export type StatementValue = string | number | boolean | null;

export interface Statement {
  /** Constant SQL of this package, parameters as `$1`, `$2`… (never inside a string literal or a comment). */
  text: string;
  values: StatementValue[];
  /**
   * An UPDATE that must touch exactly `rows` rows: fewer means the caller believed a row stored that is not, and the
   * statement fails (inside PostgreSQL, so that a folded COMMIT never runs after it). `what` names the rows.
   */
  expect?: { rows: number; what: string };
}

/** The statement's SQL, an expected row count checked by `sequencer_expect_rows` (migration 20261127121000). */
function checkedText({ text, expect }: Statement): string {
  if (!expect) return text;
  return `WITH changed AS (${text} RETURNING 1)
    SELECT sequencer_expect_rows((SELECT count(*) FROM changed), ${safeInteger(expect.rows)}, ${sqlLiteral(expect.what)})`;
}

/** Runs statements in order with bound parameters, each its own round trip. */
export async function runStatements(db: Queryable, statements: readonly Statement[]): Promise<void> {
  for (const statement of statements) await db.query(checkedText(statement), statement.values);
}

const PARAMETER = /\$(\d+)/g;

/**
 * The statements as one simple-protocol query string, every parameter written into the text as a literal. Safe
 * against injection because the texts are this package's constants and each value is written by `sqlLiteral`. In
 * that protocol an error skips the rest of the string, so a statement after a failed one never runs.
 */
export function foldStatements(statements: readonly Statement[]): string {
  return statements
    .map((statement) =>
      checkedText(statement).replace(PARAMETER, (_, index: string) => {
        const position = Number(index) - 1;
        if (position >= statement.values.length) throw new RangeError(`no value for $${index}`);
        return sqlLiteral(statement.values[position]!);
      }),
    )
    .join(';\n');
}

/**
 * A value as SQL text. Injection-proof by construction: a number only as a safe integer (digits and a sign), null
 * and booleans as keywords, and a string only as one quoted literal — every quote doubled and every backslash
 * doubled under E'' (node-postgres' escapeLiteral; correct whatever standard_conforming_strings is). A NUL is
 * refused: the protocol ends the query text at one, which would cut off the statements after it, COMMIT included.
 */
export function sqlLiteral(value: StatementValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return safeInteger(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'string') throw new TypeError(`not a statement value: ${typeof value}`);
  if (value.includes('\0')) throw new RangeError('a NUL cannot be written into a query');
  // Array literals of numbers (most of a batch) need no escaping: skip the per-character copy.
  return NEEDS_ESCAPE.test(value) ? pg.escapeLiteral(value) : `'${value}'`;
}

const NEEDS_ESCAPE = /['\\]/;

function safeInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a safe integer: ${value}`);
  return String(value);
}
