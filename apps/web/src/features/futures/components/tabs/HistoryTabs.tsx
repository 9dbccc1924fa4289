import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { allPages, futuresPageRows } from '../../../trade-history/exports.ts';
import { historyCsv } from '../../calc/history.ts';
import { useOrderHistory } from '../../queries.ts';
import { OrderHistoryTable } from '../OrderHistoryTable.tsx';
import { fetchFundingPage, fetchTradesPage, useFundingPage, useTradesPage } from './api.ts';
import { CsvButton } from './CsvButton.tsx';
import { fundingCsv, orderHistoryCsv } from './csv.ts';
import styles from '../../futures.module.css';
import own from './tabs.module.css';

/** Order History: the 20 most recent orders, cancelled ones with their status; the CSV carries the status too. */
export function OrderHistoryTab() {
  const rows = useOrderHistory().data?.orders ?? [];
  return (
    <OrderHistoryTable
      rows={rows}
      kind="history"
      csv={{ filename: 'tickline-futures-history.csv', build: () => Promise.resolve(orderHistoryCsv(rows)) }}
    />
  );
}

function usePages() {
  const t = useT();
  const [page, setPage] = useState(1);
  return { page, setPage, labels: { previous: t('futures.tabs.previous'), next: t('futures.tabs.next') } };
}

/** Trade History: the user's own fills, paged as the server pages them; the CSV holds every page. */
export function TradeHistoryTab() {
  const { page, setPage, labels } = usePages();
  const query = useTradesPage(page);
  return (
    <>
      <OrderHistoryTable
        rows={query.data?.orders ?? []}
        kind="trades"
        csv={{
          filename: 'tickline-futures-trades.csv',
          build: async () => historyCsv(await allPages(async (p) => futuresPageRows(await fetchTradesPage(p)))),
        }}
      />
      <div className={own.pages}>
        <Pagination info={query.data?.pageInfo} onPage={setPage} labels={labels} testId="trades-pages" hideSinglePage />
      </div>
    </>
  );
}

/** Funding History (`GET /funding/lookup`): each settlement's rate, side, size, mark and signed amount. */
export function FundingHistoryTab() {
  const t = useT();
  const { page, setPage, labels } = usePages();
  const query = useFundingPage(page);
  const rows = query.data?.rows ?? [];
  if (rows.length === 0) return <p className={styles.empty}>{t('futures.tabs.noFunding')}</p>;
  const build = async () =>
    fundingCsv(await allPages(async (p) => fetchFundingPage(p).then((a) => ({ rows: a.rows, info: a.pageInfo }))));
  return (
    <>
      <CsvButton filename="tickline-futures-funding.csv" csv={build} testId="funding-csv" />
      <div className={styles.tableWrap}>
        <table className={styles.table} data-cards data-testid="funding-table">
          <thead>
            <tr>
              <th>{t('futures.tabs.fundingTime')}</th>
              <th>{t('futures.tabs.fundingSide')}</th>
              <th>{t('futures.tabs.fundingSize')}</th>
              <th>{t('futures.tabs.fundingMark')}</th>
              <th>{t('futures.tabs.fundingRate')}</th>
              <th>{t('futures.tabs.fundingAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.time}-${row.position}`} data-testid="funding-row">
                <td data-label={t('futures.tabs.fundingTime')}>{formatDateTime(row.time)}</td>
                <td data-label={t('futures.tabs.fundingSide')} className={row.position === 1 ? styles.up : styles.down}>
                  {t(row.position === 1 ? 'futures.long' : 'futures.short')}
                </td>
                <td data-label={t('futures.tabs.fundingSize')}>{formatNumber(row.volume, 4)}</td>
                <td data-label={t('futures.tabs.fundingMark')}>{formatNumber(row.markPrice, 2)}</td>
                <td data-label={t('futures.tabs.fundingRate')}>{formatNumber(row.fundingRate * 100, 4)}%</td>
                <td
                  data-label={t('futures.tabs.fundingAmount')}
                  className={row.amount > 0 ? styles.up : row.amount < 0 ? styles.down : undefined}
                >
                  {formatNumber(row.amount, 6)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={own.pages}>
        <Pagination
          info={query.data?.pageInfo}
          onPage={setPage}
          labels={labels}
          testId="funding-pages"
          hideSinglePage
        />
      </div>
    </>
  );
}
