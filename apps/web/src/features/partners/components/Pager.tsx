import { useT } from '../../../i18n/I18nProvider.tsx';
import type { PageInfo } from '@tickline/protocol';
import styles from '../partners.module.css';

/** Previous / page / Next under a paged table (seed 001 §3 Pagination). */
export function Pager({ pagination, onPage }: { pagination: PageInfo; onPage(page: number): void }) {
  const t = useT();
  if (pagination.endPage <= 1 && !pagination.existNextPage) return null;
  return (
    <nav className={styles.pager} aria-label={t('partners.page', { page: pagination.curPage })}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existPrevPage}
        onClick={() => onPage(pagination.curPage - 1)}
      >
        {t('partners.previous')}
      </button>
      <span>
        {pagination.curPage} / {Math.max(pagination.endPage, pagination.curPage)}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={!pagination.existNextPage}
        onClick={() => onPage(pagination.curPage + 1)}
      >
        {t('partners.next')}
      </button>
    </nav>
  );
}
