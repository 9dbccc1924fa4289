import { useState } from 'react';
import type { OpenOrderRow, PositionRow } from '@tickline/protocol';
import { useOrderHistory } from '../queries.ts';
import type { MarketStore } from '../stream/marketFeed.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { OpenOrdersTable } from './OpenOrdersTable.tsx';
import { OrderHistoryTable } from './OrderHistoryTable.tsx';
import { PositionsTable } from './PositionsTable.tsx';
import styles from '../futures.module.css';

type Tab = 'positions' | 'orders' | 'history';

interface PositionsAreaProps {
  store: MarketStore;
  loggedIn: boolean;
  positions: readonly PositionRow[];
  orders: readonly OpenOrderRow[];
}

/** Seed 000 §2: tabs Positions(count), Open Orders(count), Order History. */
export function PositionsArea({ store, loggedIn, positions, orders }: PositionsAreaProps) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('positions');
  const tabs: [Tab, string][] = [
    ['positions', t('futures.positions', { count: positions.length })],
    ['orders', t('futures.openOrders', { count: orders.length })],
    ['history', t('futures.orderHistory')],
  ];
  return (
    <section className={styles.positions} aria-label={t('futures.orderHistory')}>
      <div className={styles.areaTabs} role="tablist">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? styles.tabActive : styles.tab}
            onClick={() => setTab(key)}
            data-testid={`tab-${key}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className={styles.areaBody}>
        {!loggedIn ? (
          <p className={styles.empty}>{t('futures.logInToSee')}</p>
        ) : tab === 'positions' ? (
          <PositionsTable store={store} positions={positions} />
        ) : tab === 'orders' ? (
          <OpenOrdersTable orders={orders} />
        ) : (
          <HistoryTab />
        )}
      </div>
    </section>
  );
}

function HistoryTab() {
  const history = useOrderHistory();
  return <OrderHistoryTable rows={history.data?.orders ?? []} />;
}
