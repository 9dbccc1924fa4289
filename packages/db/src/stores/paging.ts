import { createHash } from 'node:crypto';
import type { Queryable } from '../pool.ts';

/** One page of a history, newest first; pages are numbered from 1. */
export interface HistoryPage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  totalRows: number;
}

function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** What to page: the store's own SQL fragments (never user input) and the values of the filter's parameters. */
export interface PagedQuery {
  /** The select list, with `AS "camelCase"` aliases so rows come back in the record's shape. */
  columns: string;
  table: string;
  /** The filter, with $1... placeholders for `params`; '' for every row. */
  where: string;
  params: readonly unknown[];
  orderBy: string;
}

/** The one paged read of every store: the page's rows and the total count, which the pagination block needs. */
export async function pageRows<T>(
  db: Queryable,
  query: PagedQuery,
  page: number,
  pageSize: number,
): Promise<HistoryPage<T>> {
  const where = query.where === '' ? '' : `WHERE ${query.where}`;
  const next = query.params.length;
  const [rows, count] = await Promise.all([
    db.query(
      prepared(
        `SELECT ${query.columns} FROM ${query.table} ${where} ORDER BY ${query.orderBy} LIMIT $${next + 1} OFFSET $${next + 2}`,
        [...query.params, pageSize, pageOffset(page, pageSize)],
      ),
    ),
    db.query<{ count: number }>(
      prepared(`SELECT count(*)::int AS count FROM ${query.table} ${where}`, [...query.params]),
    ),
  ]);
  return { rows: rows.rows as T[], page, pageSize, totalRows: count.rows[0]?.count ?? 0 };
}

// The statement names of the paged reads, by their text (a store's fragments: a handful per store, never user input).
const statementNames = new Map<string, string>();

/**
 * A named statement (#30): PostgreSQL parses and plans it once per connection, not on every page read. The name is
 * derived from the text, so that two texts never share one (node-postgres refuses a name reused with other text).
 */
function prepared(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `paged-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}
