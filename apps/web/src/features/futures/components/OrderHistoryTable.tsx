import type { FuturesHistoryRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { historyFee, historyPositionLabel, orderPathLabel } from '../calc/history.ts';
import { CsvButton } from './tabs/CsvButton.tsx';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { rowSymbol } from '../markets/symbols.ts';
import { useQtyDecimals } from '../markets/MarketContext.tsx';
import styles from '../futures.module.css';

const isCancelled = (row: FuturesHistoryRow) => row.status === 'cancelled';

interface OrderHistoryTableProps {
  rows: readonly FuturesHistoryRow[];
  /** Test id prefix: 'history' (Order History, with cancelled orders) or 'trades' (Trade History, fills only). */
  kind: 'history' | 'trades';
  /** The CSV file's name and text (the whole history, not only the page shown). */
  csv: { filename: string; build(): Promise<string> };
}

/**
 * Order history with the seeds' label tables and fee rule (seed 000 §3, §9) and CSV export. A last column, Status,
 * tells fills from the limit orders cancelled unfilled (by the user, a close or TP/SL: #28 item 12).
 */
export function OrderHistoryTable({ rows, kind, csv }: OrderHistoryTableProps) {
  const t = useT();
  const qtyDecimals = useQtyDecimals();
  if (rows.length === 0)
    return <p className={styles.empty}>{t(kind === 'history' ? 'futures.noHistory' : 'futures.tabs.noTrades')}</p>;
  return (
    <>
      <CsvButton filename={csv.filename} csv={csv.build} testId={`${kind}-csv`} />
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid={`${kind}-table`}>
          <thead>
            <tr>
              <th>{t('futures.time')}</th>
              <th>{t('futures.symbol')}</th>
              <th>{t('futures.type')}</th>
              <th>{t('futures.side')}</th>
              <th>{t('futures.priceLabel')}</th>
              <th>{t('futures.closePrice')}</th>
              <th>{t('futures.amount')}</th>
              <th>{t('futures.fee')}</th>
              <th>{t('futures.realizedPnl')}</th>
              <th>{t('futures.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.status ?? 'filled'}-${row.no}`}
                data-testid={`${kind}-row`}
                data-status={row.status ?? 'filled'}
              >
                <td>{formatDateTime(row.insertDate)}</td>
                <td data-testid="row-symbol">{rowSymbol(row)}</td>
                <td>{orderPathLabel(row.orderPath)}</td>
                <td className={row.position === 1 ? styles.up : row.position === 2 ? styles.down : undefined}>
                  {historyPositionLabel(row.position)}
                </td>
                <td>{formatNumber(row.price, 2)}</td>
                <td>{row.closePrice > 0 ? formatNumber(row.closePrice, 2) : '-'}</td>
                <td>{formatNumber(row.volume, qtyDecimals(rowSymbol(row)))}</td>
                <td>{formatNumber(historyFee(row), 4)}</td>
                <td className={row.realizedProfit > 0 ? styles.up : row.realizedProfit < 0 ? styles.down : undefined}>
                  {formatNumber(row.realizedProfit, 2)}
                </td>
                <td className={isCancelled(row) ? styles.muted : undefined}>
                  {t(isCancelled(row) ? 'futures.statusCancelled' : 'futures.statusFilled')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
