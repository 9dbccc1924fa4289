import type { PageInfo } from '@tickline/protocol';
import { useAdminText } from './useAdminText.ts';
import styles from './admin.module.css';

/** The console's pager: shown only when there is more than one page. */
export function Pager({
  pagination,
  page,
  onPage,
  labels,
}: {
  pagination: PageInfo | undefined;
  page: number;
  onPage(page: number): void;
  labels?: { previous: string; next: string };
}) {
  const t = useAdminText();
  if (!pagination || pagination.endPage <= 1) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existPrevPage}
        onClick={() => onPage(page - 1)}
      >
        {labels?.previous ?? t('admin.pager.previous')}
      </button>
      <span className={styles.muted}>
        {t('admin.pager.page', { page: pagination.curPage, pages: pagination.endPage })}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existNextPage}
        onClick={() => onPage(page + 1)}
      >
        {labels?.next ?? t('admin.pager.next')}
      </button>
    </div>
  );
}
