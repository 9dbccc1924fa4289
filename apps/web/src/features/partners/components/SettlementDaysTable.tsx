import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import type { SettlementLookupRow } from '@tickline/protocol';
import { TABLE_SCROLL } from './Panel.tsx';
import styles from '../partners.module.css';

/** Seed 001 §2: the Settlement tab — day, rate and settlement amount, one row per KST day. */
export function SettlementDaysTable({
  rows,
  pending,
  onOpenDay,
  testId,
}: {
  rows: readonly SettlementLookupRow[];
  pending: boolean;
  /** The drill-down into a day, when the server offers one. */
  onOpenDay?(day: string): void;
  testId: string;
}) {
  const t = useT();
  const columns: Column<SettlementLookupRow>[] = [
    {
      header: t('partners.history.day'),
      cell: (row) =>
        onOpenDay ? (
          <button type="button" className={styles.linkButton} onClick={() => onOpenDay(row.day)}>
            {row.day}
          </button>
        ) : (
          <span className={styles.mono}>{row.day}</span>
        ),
    },
    { header: t('partners.history.rate'), className: 'num', cell: (row) => `${formatNumber(row.nowFee, 2)}%` },
    { header: t('partners.history.settlement'), className: 'num', cell: (row) => formatMoney(row.settlement) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey="day"
      wrapperClassName={TABLE_SCROLL}
      testId={testId}
      pending={pending}
      skeletonRows={5}
      emptyMessage={t('partners.history.empty')}
    />
  );
}
