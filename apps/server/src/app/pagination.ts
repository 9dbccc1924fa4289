import type { HistoryPage } from '@tickline/db';

/** The seeds' pagination block of every paged list: pages from 1; an empty list still has page 1. */
export function paginationView(page: HistoryPage<unknown>) {
  const endPage = Math.max(1, Math.ceil(page.totalRows / page.pageSize));
  return {
    curPage: page.page,
    endPage,
    existNextPage: page.page < endPage,
    existPrevPage: page.page > 1,
  };
}
