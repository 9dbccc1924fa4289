import type { PageInfo } from '@tickline/protocol';
import styles from './Pagination.module.css';

/** Page numbers shown around the current one. */
const SPAN = 2;

/**
 * Seed 001 §2: Previous, page numbers, Next over the server's pageInfo (nothing before it has come); the operator
 * console and the partner tables leave it out when there is one page only (`hideSinglePage`).
 */
export function Pagination({
  info,
  onPage,
  labels,
  testId,
  hideSinglePage = false,
}: {
  info: PageInfo | undefined;
  onPage(page: number): void;
  labels: { previous: string; next: string };
  testId: string;
  hideSinglePage?: boolean;
}) {
  if (!info || (hideSinglePage && info.endPage <= 1)) return null;
  const first = Math.max(1, info.curPage - SPAN);
  const last = Math.min(info.endPage, info.curPage + SPAN);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav className={styles.pagination} aria-label="pagination" data-testid={testId}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!info.existPrevPage}
        onClick={() => onPage(info.curPage - 1)}
      >
        {labels.previous}
      </button>
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          className={`btn btn--sm ${page === info.curPage ? 'btn--primary' : 'btn--ghost'}`}
          aria-current={page === info.curPage ? 'page' : undefined}
          onClick={() => onPage(page)}
        >
          {page}
        </button>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!info.existNextPage}
        onClick={() => onPage(info.curPage + 1)}
      >
        {labels.next}
      </button>
    </nav>
  );
}
