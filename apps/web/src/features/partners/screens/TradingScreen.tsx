import { OptionResult } from '@tickline/protocol';
import { useState } from 'react';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import { signOf } from '../../../lib/decimal.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import type { TradingSearchType } from '../api.ts';
import { SearchForm } from '../components/SearchForm.tsx';
import { Panel, ScreenHead, TABLE_SCROLL } from '../components/Panel.tsx';
import { Stats } from '../components/Stats.tsx';
import { OPTION_RESULT, betTypeLabel } from '../messages.ts';
import { useTrading } from '../queries.ts';
import type { ManagerOptionOrder } from '../types.ts';
import styles from '../partners.module.css';

const toneOf = (value: Parameters<typeof signOf>[0]) => {
  const sign = signOf(value);
  return sign === 1 ? styles.up : sign === -1 ? styles.down : '';
};

/** /affiliates/trading (seed 001 §2.6): the downline's option results, searched by name or ID on the server. */
export function TradingScreen() {
  const t = useT();
  const [searchType, setSearchType] = useState<TradingSearchType>('name');
  const [search, setSearch] = useState<{ type: TradingSearchType; text: string }>({ type: 'name', text: '' });
  const trading = useTrading(search.type, search.text);
  const data = trading.data;

  const onSearch = (text: string) => {
    setSearch({ type: searchType, text });
  };

  // Seed 001 §2.6: symbol is always BTCUSDT and type always 1 Minute.
  const columns: Column<ManagerOptionOrder>[] = [
    { header: t('partners.trading.date'), cell: (row) => formatDateTime(row.insertDate) },
    { header: t('partners.trading.name'), cell: (row) => row.userName },
    { header: t('partners.trading.uid'), cell: (row) => <span className={styles.mono}>{row.uid}</span> },
    { header: t('partners.trading.symbol'), cell: () => 'BTCUSDT' },
    { header: t('partners.trading.type'), cell: () => t('partners.trading.oneMinute') },
    { header: t('partners.trading.size'), className: 'num', cell: (row) => formatMoney(row.volume) },
    { header: t('partners.trading.openPrice'), className: 'num', cell: (row) => formatNumber(row.openPrice, 2) },
    {
      header: t('partners.trading.resultPrice'),
      className: 'num',
      cell: (row) => (row.result === OptionResult.Wait ? '-' : formatNumber(row.resultPrice, 2)),
    },
    {
      header: t('partners.trading.betType'),
      cellClassName: (row) => (row.betType === 1 ? styles.up : styles.down) ?? '',
      cell: (row) => betTypeLabel(row.betType),
    },
    { header: t('partners.trading.result'), cell: (row) => OPTION_RESULT[row.result] ?? String(row.result) },
    {
      header: t('partners.trading.pnlColumn'),
      className: 'num',
      cellClassName: (row) => `num ${toneOf(row.settleFee)}`,
      cell: (row) => formatMoney(row.settleFee),
    },
  ];

  return (
    <div className={styles.screen} data-testid="partners-trading">
      <ScreenHead title={t('screen.affiliatesTrading')} />
      <SearchForm
        label={t('partners.trading.keyword')}
        button={t('partners.trading.search')}
        onSearch={onSearch}
        testId="trading-search"
        before={
          <select
            className={styles.select}
            value={searchType}
            aria-label={t('partners.trading.searchType')}
            onChange={(event) => setSearchType(event.target.value as TradingSearchType)}
            data-testid="trading-search-type"
          >
            <option value="name">{t('partners.trading.byName')}</option>
            <option value="id">{t('partners.trading.byId')}</option>
          </select>
        }
      />
      <Stats
        testId="trading-summary"
        items={[
          {
            label: t('partners.trading.revenue'),
            value: data ? formatMoney(data.totalUserRevenue) : '-',
            unit: 'USDT',
          },
          { label: t('partners.trading.loss'), value: data ? formatMoney(data.totalUserLoss) : '-', unit: 'USDT' },
          {
            label: t('partners.trading.pnl'),
            value: data ? formatMoney(data.totalUserPNL) : '-',
            unit: 'USDT',
            signed: data?.totalUserPNL,
            testId: 'trading-pnl',
          },
        ]}
      />
      <Panel title={t('partners.trading.option')}>
        <DataTable
          columns={columns}
          rows={data?.optionOrders ?? []}
          rowKey="no"
          wrapperClassName={TABLE_SCROLL}
          testId="trading-table"
          pending={trading.isPending}
          skeletonRows={8}
          emptyMessage={t('partners.trading.empty')}
        />
      </Panel>
    </div>
  );
}
