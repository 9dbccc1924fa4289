import type { Pagination } from './api.ts';
import styles from './admin.module.css';

/** The console's pager: shown only when there is more than one page. */
export function Pager({
  pagination,
  page,
  onPage,
  labels = { previous: 'Previous', next: 'Next' },
}: {
  pagination: Pagination | undefined;
  page: number;
  onPage(page: number): void;
  labels?: { previous: string; next: string };
}) {
  if (!pagination || pagination.endPage <= 1) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existPrevPage}
        onClick={() => onPage(page - 1)}
      >
        {labels.previous}
      </button>
      <span className={styles.muted}>
        page {pagination.curPage} of {pagination.endPage}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existNextPage}
        onClick={() => onPage(page + 1)}
      >
        {labels.next}
      </button>
    </div>
  );
}
