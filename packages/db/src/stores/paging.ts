/** One page of a user's history, newest first; pages are numbered from 1. */
export interface HistoryPage<T> {
  rows: T[];
  page: number;
  pageSize: number;
  totalRows: number;
}

export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}
