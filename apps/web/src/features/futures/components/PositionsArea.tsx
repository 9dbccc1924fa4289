import { useState } from 'react';
import type { OpenOrderRow, PositionRow } from '@tickline/protocol';
import type { MarketStore } from '../stream/marketFeed.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { OpenOrdersTable } from './OpenOrdersTable.tsx';
import { PositionsTable } from './PositionsTable.tsx';
import { FundingHistoryTab, OrderHistoryTab, TradeHistoryTab } from './tabs/HistoryTabs.tsx';
import { isWaitingTrigger, TriggerOrdersTable } from './tabs/TriggerOrdersTable.tsx';
import styles from '../futures.module.css';
import own from './tabs/tabs.module.css';

type Tab = 'positions' | 'orders' | 'triggers' | 'history' | 'trades' | 'funding';

interface PositionsAreaProps {
  store: MarketStore;
  loggedIn: boolean;
  positions: readonly PositionRow[];
  orders: readonly OpenOrderRow[];
}

/**
 * Seed 000 §2: tabs Positions(count), Open Orders(count), Order History; #33 item 5 adds Trigger Orders(count),
 * Trade History and Funding History after them. Waiting triggers are counted apart from the resting orders; all
 * come from the open-orders cache that the user stream keeps live.
 */
export function PositionsArea({ store, loggedIn, positions, orders }: PositionsAreaProps) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('positions');
  const triggers = orders.filter(isWaitingTrigger);
  const resting = orders.filter((order) => !isWaitingTrigger(order));
  const tabs: [Tab, string][] = [
    ['positions', t('futures.positions', { count: positions.length })],
    ['orders', t('futures.openOrders', { count: resting.length })],
    ['triggers', t('futures.tabs.triggerOrders', { count: triggers.length })],
    ['history', t('futures.orderHistory')],
    ['trades', t('futures.tabs.tradeHistory')],
    ['funding', t('futures.tabs.fundingHistory')],
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
            <span className={own.tabLabel}>{label}</span>
          </button>
        ))}
      </div>
      <div className={styles.areaBody}>
        {loggedIn ? (
          <TabBody tab={tab} {...{ store, positions, resting, triggers }} />
        ) : (
          <p className={styles.empty}>{t('futures.logInToSee')}</p>
        )}
      </div>
    </section>
  );
}

interface TabBodyProps {
  tab: Tab;
  store: MarketStore;
  positions: readonly PositionRow[];
  resting: readonly OpenOrderRow[];
  triggers: readonly OpenOrderRow[];
}

function TabBody({ tab, store, positions, resting, triggers }: TabBodyProps) {
  switch (tab) {
    case 'positions':
      return <PositionsTable store={store} positions={positions} />;
    case 'orders':
      return <OpenOrdersTable orders={resting} />;
    case 'triggers':
      return <TriggerOrdersTable orders={triggers} />;
    case 'history':
      return <OrderHistoryTab />;
    case 'trades':
      return <TradeHistoryTab />;
    case 'funding':
      return <FundingHistoryTab />;
  }
}
