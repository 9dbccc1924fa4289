import { useEffect, useState } from 'react';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { allPages, futuresPageRows } from '../../../trade-history/exports.ts';
import { historyCsv } from '../../calc/history.ts';
import { useOrderHistory } from '../../queries.ts';
import { OrderHistoryTable } from '../OrderHistoryTable.tsx';
import { fetchFundingPage, fetchTradesPage, useFundingPage, useTradesPage } from './api.ts';
import { filterBySymbol, rowSymbol, type SymbolFilter } from '../../markets/symbols.ts';
import { useQtyDecimals } from '../../markets/MarketContext.tsx';
import { HeadRow, SideCell, SymbolCell } from './cells.tsx';
import { CsvButton } from './CsvButton.tsx';
import { fundingCsv, orderHistoryCsv } from './csv.ts';
import styles from '../../futures.module.css';
import own from './tabs.module.css';

/** Order History: the 20 most recent orders, cancelled ones with their status; the CSV carries the status too. */
export function OrderHistoryTab({ filter }: { filter: SymbolFilter }) {
  const rows = filterBySymbol(useOrderHistory().data?.orders ?? [], filter);
  return (
    <OrderHistoryTable
      rows={rows}
      kind="history"
      csv={{ filename: 'tickline-futures-history.csv', build: () => Promise.resolve(orderHistoryCsv(rows)) }}
    />
  );
}

/** The page shown, back to the first when the market filter changes. */
function usePages(filter: SymbolFilter) {
  const t = useT();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [filter]);
  return { page, setPage, labels: { previous: t('futures.tabs.previous'), next: t('futures.tabs.next') } };
}

/** Trade History: the user's own fills, paged as the server pages them; the CSV holds every page. */
export function TradeHistoryTab({ filter }: { filter: SymbolFilter }) {
  const { page, setPage, labels } = usePages(filter);
  const query = useTradesPage(page, filter);
  return (
    <>
      <OrderHistoryTable
        rows={query.data?.orders ?? []}
        kind="trades"
        csv={{
          filename: 'tickline-futures-trades.csv',
          build: async () => historyCsv(await allPages(async (p) => futuresPageRows(await fetchTradesPage(p, filter)))),
        }}
      />
      <div className={own.pages}>
        <Pagination info={query.data?.pageInfo} onPage={setPage} labels={labels} testId="trades-pages" hideSinglePage />
      </div>
    </>
  );
}

/** Funding History (`GET /funding/lookup`): each settlement's rate, side, size, mark and signed amount. */
export function FundingHistoryTab({ filter }: { filter: SymbolFilter }) {
  const t = useT();
  const qtyDecimals = useQtyDecimals();
  const { page, setPage, labels: pageLabels } = usePages(filter);
  const query = useFundingPage(page, filter);
  const rows = query.data?.rows ?? [];
  if (rows.length === 0) return <p className={styles.empty}>{t('futures.tabs.noFunding')}</p>;
  const labels = {
    time: t('futures.tabs.fundingTime'),
    symbol: t('futures.symbol'),
    side: t('futures.tabs.fundingSide'),
    size: t('futures.tabs.fundingSize'),
    mark: t('futures.tabs.fundingMark'),
    rate: t('futures.tabs.fundingRate'),
    amount: t('futures.tabs.fundingAmount'),
  };
  const build = async () =>
    fundingCsv(
      await allPages(async (p) => fetchFundingPage(p, filter).then((a) => ({ rows: a.rows, info: a.pageInfo }))),
    );
  return (
    <>
      <CsvButton filename="tickline-futures-funding.csv" csv={build} testId="funding-csv" />
      <div className={styles.tableWrap}>
        <table className={styles.table} data-cards data-testid="funding-table">
          <HeadRow labels={Object.values(labels)} />
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.time}-${row.symbol}-${row.position}`} data-testid="funding-row">
                <td data-label={labels.time}>{formatDateTime(row.time)}</td>
                <SymbolCell row={row} label={labels.symbol} />
                <SideCell position={row.position} label={labels.side} />
                <td data-label={labels.size}>{formatNumber(row.volume, qtyDecimals(rowSymbol(row)))}</td>
                <td data-label={labels.mark}>{formatNumber(row.markPrice, 2)}</td>
                <td data-label={labels.rate}>{formatNumber(row.fundingRate * 100, 4)}%</td>
                <td
                  data-label={labels.amount}
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
          labels={pageLabels}
          testId="funding-pages"
          hideSinglePage
        />
      </div>
    </>
  );
}
