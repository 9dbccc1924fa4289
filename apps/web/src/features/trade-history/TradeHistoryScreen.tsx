import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FuturesHistoryPage, FuturesHistoryRow } from '@tickline/protocol';
import { useState } from 'react';
import { callData } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { downloadCsv } from '../../lib/csv.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { historyCsv, historyFee, historyPositionLabel, orderPathLabel } from '../futures/calc/history.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { fetchOptionHistory } from '../options/api.ts';
import { OptionHistoryTable } from '../options/OptionTables.tsx';
import { useOptionHistory } from '../options/queries.ts';
import { allPages, futuresPageRows, optionPageRows, optionsCsv } from './exports.ts';
import styles from './tradeHistory.module.css';

// Without a clientOrderId the route answers a page of history (with one, a program's order look-up).
const fetchFuturesPage = (page: number) =>
  callData('orderHistoryPage', { query: { page } }) as Promise<FuturesHistoryPage>;

function FuturesHistory({ page, onPage }: { page: number; onPage(page: number): void }) {
  const t = useT();
  const { accessToken } = useSession();
  const query = useQuery({
    queryKey: ['trade-history', 'futures', page],
    queryFn: () => fetchFuturesPage(page),
    enabled: accessToken !== null,
    placeholderData: keepPreviousData,
  });
  const columns: Column<FuturesHistoryRow>[] = [
    { header: t('options.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    { header: t('history.type'), labelled: true, cell: (row) => orderPathLabel(row.orderPath) },
    {
      header: t('history.side'),
      labelled: true,
      cell: (row) => <span data-testid="futures-history-side">{historyPositionLabel(row.position)}</span>,
    },
    { header: t('history.price'), className: 'num', labelled: true, cell: (row) => formatNumber(row.price, 2) },
    {
      header: t('history.closePrice'),
      className: 'num',
      labelled: true,
      cell: (row) => (row.closePrice > 0 ? formatNumber(row.closePrice, 2) : '-'),
    },
    { header: t('history.amount'), className: 'num', labelled: true, cell: (row) => formatNumber(row.volume, 4) },
    { header: t('history.fee'), className: 'num', labelled: true, cell: (row) => formatNumber(historyFee(row), 4) },
    {
      header: t('history.realized'),
      className: 'num',
      labelled: true,
      cell: (row) => formatNumber(row.realizedProfit, 2),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={query.data?.orders ?? []}
        rowKey="no"
        className="table--stack"
        wrapperClassName={`card table-card table-scroll ${styles.table}`}
        testId="futures-history"
        pending={query.isPending}
        skeletonRows={5}
        emptyMessage={t('options.noOrders')}
      />
      {query.data ? (
        <Pagination
          info={query.data.pageInfo}
          onPage={onPage}
          labels={{ previous: t('options.previous'), next: t('options.next') }}
          testId="futures-pages"
        />
      ) : null}
    </>
  );
}

function OptionsHistory({ page, onPage }: { page: number; onPage(page: number): void }) {
  const query = useOptionHistory(page);
  return (
    <div className={`card ${styles.table}`}>
      <OptionHistoryTable
        rows={query.data?.list ?? []}
        info={query.data?.pagination ?? null}
        onPage={onPage}
        pending={query.isPending}
      />
    </div>
  );
}

/** Seed 001 §2 /trade/history: Futures and Options tabs, each paged; switching tab reloads page 1; CSV of all pages. */
export function TradeHistoryScreen() {
  const t = useT();
  const [tab, setTab] = useState<'futures' | 'options'>('futures');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const switchTo = (next: 'futures' | 'options') => {
    setTab(next);
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      if (tab === 'futures')
        downloadCsv(
          'tickline-futures-history.csv',
          historyCsv(await allPages(async (p) => futuresPageRows(await fetchFuturesPage(p)))),
        );
      else
        downloadCsv(
          'tickline-options-history.csv',
          optionsCsv(await allPages(async (p) => optionPageRows(await fetchOptionHistory(p)))),
        );
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('history.title')}
        actions={
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={exporting}
            onClick={() => void exportCsv()}
            data-testid="history-export"
          >
            {t('history.csv')}
          </button>
        }
      />
      <div className={`container section section--tight ${styles.page}`}>
        <Tabs<'futures' | 'options'>
          items={[
            { id: 'futures', label: t('history.futures') },
            { id: 'options', label: t('history.options') },
          ]}
          active={tab}
          onSelect={switchTo}
          testIdPrefix="history-tab"
        />
        {tab === 'futures' ? (
          <FuturesHistory page={page} onPage={setPage} />
        ) : (
          <OptionsHistory page={page} onPage={setPage} />
        )}
      </div>
    </>
  );
}
