import type { Key, ReactNode } from 'react';
import styles from './DataTable.module.css';
import { TriangleIcon } from './icons.tsx';

/** The properties of Row whose values can serve as React keys. */
type KeysOf<Row> = { [Name in keyof Row]: Row[Name] extends Key ? Name : never }[keyof Row];

export interface Column<Row> {
  header: string;
  /** Class of the header cell, and of the cell while loading (e.g. `num` right-aligns). */
  className?: string;
  /** Class of a row's cell; the header's class when not given. */
  cellClassName?: string | ((row: Row) => string);
  /** Repeat the header as `data-label`, which the stacked (narrow screen) layout shows before the value. */
  labelled?: boolean;
  /** The placeholder shown while loading (skeleton--<size>). */
  skeleton?: 'tiny' | 'text' | 'num';
  /** With the table's `sort`: the header is a button that sorts by this key. */
  sortKey?: string;
  cell(row: Row, index: number): ReactNode;
}

export type SortDirection = 'asc' | 'desc';

/** Sortable headers: the current key and direction, and what a header click asks for. */
export interface TableSort {
  key: string;
  direction: SortDirection;
  onSort(key: string): void;
  /** The header button's accessible name ("Sort by Price"). */
  label(header: string): string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  /** The property that tells rows apart (React's key). */
  rowKey: KeysOf<Row>;
  /** Extra classes after `table` (e.g. `table--stack`). */
  className?: string;
  /** The element around the table, for scrolling and the card (e.g. `table-scroll`). */
  wrapperClassName: string;
  testId?: string;
  /** While true, `skeletonRows` placeholder rows stand in for the data. */
  pending?: boolean;
  skeletonRows?: number;
  /** Shown in one row across the table when it has no rows once loaded. */
  emptyMessage?: string;
  sort?: TableSort;
  /** A row that answers a click (and Enter) gets this handler and a link role. */
  rowAction?: (row: Row) => (() => void) | null;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort?: TableSort }) {
  if (!sort || !column.sortKey)
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    );
  const key = column.sortKey;
  const active = sort.key === key;
  return (
    <th scope="col" className={column.className} aria-sort={active ? ARIA_SORT[sort.direction] : 'none'}>
      <button
        type="button"
        className={styles.sort}
        aria-label={sort.label(column.header)}
        onClick={() => sort.onSort(key)}
      >
        {column.header}
        <span className={styles.mark} aria-hidden="true">
          {active ? <TriangleIcon direction={sort.direction === 'asc' ? 'up' : 'down'} /> : null}
        </span>
      </button>
    </th>
  );
}

function rowProps(action: (() => void) | null | undefined) {
  if (!action) return {};
  return {
    className: styles.link,
    role: 'link',
    tabIndex: 0,
    onClick: action,
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Enter') action();
    },
  };
}

/** A plain data table: one header row, a row per item, skeleton rows while loading and an empty-state row. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  className,
  wrapperClassName,
  testId,
  pending = false,
  skeletonRows = 0,
  emptyMessage,
  sort,
  rowAction,
}: DataTableProps<Row>) {
  const cellClass = (column: Column<Row>, row: Row) =>
    (typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName) ?? column.className;
  return (
    <div className={wrapperClassName}>
      <table className={className ? `table ${className}` : 'table'} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.header} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {pending
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} className="table__skeleton" aria-hidden="true">
                  {columns.map((column) => (
                    <td key={column.header} className={column.className}>
                      <span className={`skeleton skeleton--${column.skeleton ?? 'text'}`} />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row, index) => (
                <tr key={row[rowKey] as Key} {...rowProps(rowAction?.(row))}>
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={cellClass(column, row)}
                      data-label={column.labelled ? column.header : undefined}
                    >
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))}
          {!pending && rows.length === 0 && emptyMessage ? (
            <tr>
              <td colSpan={columns.length} className="table__empty">
                {emptyMessage}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
