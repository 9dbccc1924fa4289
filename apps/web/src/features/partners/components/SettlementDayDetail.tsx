import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { fetchSettlementDay } from '../api.ts';
import { subtractDecimal } from '../calc/fees.ts';
import type { SettlementDayAnswer as Detail } from '@tickline/protocol';
import { Panel, TABLE_SCROLL } from './Panel.tsx';

type MemberRow = Detail['members'][number];

/** The members behind one settled day: their revenue by source, the caller's rate difference and share of each. */
export function SettlementDayDetail({ day, onClose }: { day: string; onClose(): void }) {
  const t = useT();
  const query = useQuery({ queryKey: ['partners', 'day', day], queryFn: () => fetchSettlementDay(day) });
  const columns: Column<MemberRow>[] = [
    { header: t('partners.day.member'), labelled: true, cell: (row) => `${row.name} (${row.email})` },
    {
      header: t('partners.day.optionsNet'),
      className: 'num',
      labelled: true,
      cell: (row) => formatMoney(subtractDecimal(row.optionLost, row.optionWon)),
    },
    { header: t('partners.day.fees'), className: 'num', labelled: true, cell: (row) => formatMoney(row.fees) },
    {
      header: t('partners.day.futuresNet'),
      className: 'num',
      labelled: true,
      cell: (row) => formatMoney(subtractDecimal(row.futuresLoss, row.futuresProfit)),
    },
    { header: t('partners.day.revenue'), className: 'num', labelled: true, cell: (row) => formatMoney(row.revenue) },
    {
      header: t('partners.day.rate'),
      className: 'num',
      labelled: true,
      cell: (row) => `${formatNumber(row.rateDifference, 2)}%`,
    },
    {
      header: t('partners.day.contribution'),
      className: 'num',
      labelled: true,
      cell: (row) => formatMoney(row.contribution),
    },
  ];
  return (
    <Panel
      title={t('partners.history.details', { day })}
      actions={
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
          {t('partners.day.close')}
        </button>
      }
    >
      <DataTable
        columns={columns}
        rows={query.data?.members ?? []}
        rowKey="no"
        className="table--stack"
        wrapperClassName={TABLE_SCROLL}
        testId="settlement-day-detail"
        pending={query.isPending}
        skeletonRows={3}
        emptyMessage={t('partners.history.empty')}
      />
    </Panel>
  );
}
