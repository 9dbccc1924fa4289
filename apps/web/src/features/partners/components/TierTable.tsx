import { useT } from '../../../i18n/I18nProvider.tsx';
import type { Numeric } from '../../../api/types.ts';
import { formatCount, formatMoney, formatNumber } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { clampPercent } from '../calc/tiers.ts';
import { distributedFee } from '../calc/fees.ts';
import type { TierPartner } from '@tickline/protocol';
import { TABLE_SCROLL } from './Panel.tsx';
import styles from '../partners.module.css';

interface Editing {
  /** The caller's fee: the base of the distribution. */
  parentFee: Numeric;
  percents: Readonly<Record<number, string>>;
  onPercent(no: number, value: string): void;
}

/** One downline tier; the top tier of the view also edits each partner's distribution percentage. */
export function TierTable({ rows, editing, testId }: { rows: TierPartner[]; editing: Editing | null; testId: string }) {
  const t = useT();
  const columns: Column<TierPartner>[] = [
    { header: 'UID', cell: (row) => <span className={styles.mono}>{row.no}</span> },
    { header: t('partners.partner.name'), cell: (row) => row.name },
    { header: t('partners.partner.phone'), cell: (row) => row.phone },
    { header: t('partners.partner.memberCount'), className: 'num', cell: (row) => formatCount(row.memberCount) },
    { header: t('partners.partner.nowFee'), className: 'num', cell: (row) => `${formatNumber(row.nowFee, 2)}%` },
    { header: t('partners.settlement.today'), className: 'num', cell: (row) => formatMoney(row.todaySettlement) },
    { header: t('partners.settlement.week'), className: 'num', cell: (row) => formatMoney(row.weekSettlement) },
    { header: t('partners.settlement.total'), className: 'num', cell: (row) => formatMoney(row.totalSettlement) },
  ];
  if (editing) {
    // Right after the name, so a phone shows the input without scrolling sideways.
    columns.splice(
      2,
      0,
      {
        header: t('partners.partner.distribute'),
        className: 'num',
        cell: (row) => (
          <input
            className={`input ${styles.percentInput}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            aria-label={`${t('partners.partner.distribute')} ${row.name}`}
            data-testid={`percent-${row.no}`}
            value={editing.percents[row.no] ?? ''}
            onChange={(event) => editing.onPercent(row.no, event.target.value)}
            onBlur={(event) => editing.onPercent(row.no, String(clampPercent(event.target.value)))}
          />
        ),
      },
      {
        header: t('partners.partner.resultFee'),
        className: 'num',
        cell: (row) => (
          <span data-testid={`result-fee-${row.no}`}>
            {distributedFee(editing.parentFee, clampPercent(editing.percents[row.no] ?? '0'))}%
          </span>
        ),
      },
    );
  }
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey="no"
      wrapperClassName={TABLE_SCROLL}
      testId={testId}
      emptyMessage={t('partners.partner.emptyTier')}
    />
  );
}
