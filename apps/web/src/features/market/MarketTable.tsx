import { useT } from '../../i18n/I18nProvider.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import type { DataTableProps } from '../../ui/DataTable.tsx';
import { HOME_SYMBOLS } from './queries.ts';
import market from './market.module.css';

/** The two market tables: the home Market Trend and the /markets list (its first ten rows while loading). */
const MARKET_TABLES = {
  trend: { className: market.trend, testId: 'market-trend', skeletonRows: HOME_SYMBOLS.length },
  markets: { className: market.markets, testId: 'markets-table', skeletonRows: 10 },
};

interface MarketTableProps<Row> extends Pick<
  DataTableProps<Row>,
  'columns' | 'rows' | 'rowKey' | 'pending' | 'sort' | 'rowAction' | 'emptyMessage'
> {
  kind: keyof typeof MARKET_TABLES;
}

/** A market data table in its card, with skeleton rows while loading and "unavailable" when there is no data. */
export function MarketTable<Row>({ kind, emptyMessage, ...table }: MarketTableProps<Row>) {
  const t = useT();
  return (
    <DataTable
      wrapperClassName="card table-card table-scroll"
      emptyMessage={emptyMessage ?? t('market.unavailable')}
      {...MARKET_TABLES[kind]}
      {...table}
    />
  );
}
