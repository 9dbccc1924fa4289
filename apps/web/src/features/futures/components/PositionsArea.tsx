import { useState } from 'react';
import type { OpenOrderRow, PositionRow } from '@tickline/protocol';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { filterBySymbol, type SymbolFilter } from '../markets/symbols.ts';
import { SymbolFilterSelect } from '../markets/SymbolFilterSelect.tsx';
import type { TickerBoard } from '../markets/tickerBoard.ts';
import { OpenOrdersTable } from './OpenOrdersTable.tsx';
import { PositionsTable } from './PositionsTable.tsx';
import { FundingHistoryTab, OrderHistoryTab, TradeHistoryTab } from './tabs/HistoryTabs.tsx';
import { isWaitingTrigger, TriggerOrdersTable } from './tabs/TriggerOrdersTable.tsx';
import styles from '../futures.module.css';
import own from './tabs/tabs.module.css';

type Tab = 'positions' | 'orders' | 'triggers' | 'history' | 'trades' | 'funding';

interface PositionsAreaProps {
  board: TickerBoard;
  loggedIn: boolean;
  positions: readonly PositionRow[];
  orders: readonly OpenOrderRow[];
}

/**
 * Seed 000 §2: tabs Positions(count), Open Orders(count), Order History; #33 item 5 adds Trigger Orders(count),
 * Trade History and Funding History after them. Waiting triggers are counted apart from the resting orders; all
 * come from the open-orders cache that the user stream keeps live. #34: every market's rows, with a Symbol column
 * and a filter (All by default: a position in another market is never out of sight).
 */
export function PositionsArea({ board, loggedIn, positions: allPositions, orders: allOrders }: PositionsAreaProps) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('positions');
  const [filter, setFilter] = useState<SymbolFilter>('all');
  const positions = filterBySymbol(allPositions, filter);
  const orders = filterBySymbol(allOrders, filter);
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
        <SymbolFilterSelect value={filter} onChange={setFilter} />
      </div>
      <div className={styles.areaBody}>
        {loggedIn ? (
          <TabBody tab={tab} {...{ board, filter, positions, resting, triggers }} />
        ) : (
          <p className={styles.empty}>{t('futures.logInToSee')}</p>
        )}
      </div>
    </section>
  );
}

interface TabBodyProps {
  tab: Tab;
  board: TickerBoard;
  filter: SymbolFilter;
  positions: readonly PositionRow[];
  resting: readonly OpenOrderRow[];
  triggers: readonly OpenOrderRow[];
}

function TabBody({ tab, board, filter, positions, resting, triggers }: TabBodyProps) {
  switch (tab) {
    case 'positions':
      return <PositionsTable board={board} positions={positions} />;
    case 'orders':
      return <OpenOrdersTable orders={resting} />;
    case 'triggers':
      return <TriggerOrdersTable orders={triggers} />;
    case 'history':
      return <OrderHistoryTab filter={filter} />;
    case 'trades':
      return <TradeHistoryTab filter={filter} />;
    case 'funding':
      return <FundingHistoryTab filter={filter} />;
  }
}
