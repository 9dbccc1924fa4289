import { useQueryClient } from '@tanstack/react-query';
import { formatUsdt } from '@tickline/money';
import { useCallback, useEffect, useState } from 'react';
import type { OptionOrderRow } from '@tickline/protocol';
import { isLoggedIn, useSession } from '../../api/session.ts';
import { wsClient } from '../../api/ws.ts';
import { formatNumber } from '../../lib/format.ts';
import { microsOf, ticksOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { accountKeys } from '../account/queries.ts';
import { OrderBook } from '../futures/components/OrderBook.tsx';
import { TickerStrip } from '../futures/components/TickerStrip.tsx';
import { useFrameValue } from '../../lib/frameStore.ts';
import { connectMarket, createMarketStore } from '../futures/stream/marketFeed.ts';
import { OptionChart } from './OptionChart.tsx';
import { OptionPanel } from './OptionPanel.tsx';
import { OptionHistoryTable, RecentOptionOrders } from './OptionTables.tsx';
import {
  reloadOptions,
  useOptionHistory,
  useOptionStream,
  useRoundOpenPrice,
  useTopOptionOrders,
  useWaitingOptionOrders,
} from './queries.ts';
import { useRoundClock } from './useRoundClock.ts';
import { formatZonedTime } from '../../lib/timeZone.ts';
import styles from './options.module.css';

const SYMBOL = 'BTCUSDT';
const EMPTY: OptionOrderRow[] = [];

/** The result toast of a settled bet (PancakeSwap and Deriv show one): won, lost or refunded, with the amount. */
function useResultToast() {
  const t = useT();
  const toast = useToast();
  return useCallback(
    (order: OptionOrderRow) => {
      const side = order.betType === 1 ? 'LONG' : 'SHORT';
      const pnl = microsOf(order.settleFee);
      if (pnl > 0) toast(t('options.won', { amount: formatUsdt(pnl), side }), 'success');
      else if (pnl < 0) toast(t('options.lost', { amount: formatUsdt(-pnl), side }), 'error');
      else toast(t('options.refunded', { amount: formatNumber(order.volume, 2), side }), 'info');
    },
    [t, toast],
  );
}

function Screen() {
  const t = useT();
  const queryClient = useQueryClient();
  const loggedIn = isLoggedIn(useSession());
  const [store] = useState(() => createMarketStore());
  const [tab, setTab] = useState<'recent' | 'history'>('recent');
  const [page, setPage] = useState(1);
  useEffect(() => connectMarket(wsClient(), SYMBOL, store), [store]);
  useOptionStream(useResultToast());
  const top = useTopOptionOrders();
  const waiting = useWaitingOptionOrders();
  const history = useOptionHistory(page, tab === 'history');
  const clock = useRoundClock({
    onBalanceDue: () => void queryClient.invalidateQueries({ queryKey: accountKeys.balance }),
    onRoundEnd: () => reloadOptions(queryClient),
  });
  const ticker = useFrameValue(store, 'ticker');
  const index = ticker?.indexPrice ? ticksOf(ticker.indexPrice) : null;
  // The round's open: the server's index candle for the round's minute (known mid-round too).
  const open = useRoundOpenPrice(clock.roundStartMs);
  const topRows = loggedIn ? (top.data ?? EMPTY) : EMPTY;
  const waitingRows = loggedIn ? (waiting.data ?? EMPTY) : EMPTY;

  return (
    <div className={styles.screen} data-testid="options-screen">
      <TickerStrip store={store} />
      <div className={styles.main}>
        <section className={styles.chartArea}>
          <header className={styles.roundBar} data-testid="option-round">
            <span>
              {t('options.round', {
                start: formatZonedTime(clock.roundStartMs),
                end: formatZonedTime(clock.expireAtMs),
              })}
            </span>
            <span>
              {t('options.index')}{' '}
              <strong data-testid="option-index">{index === null ? '-' : formatNumber(ticker?.indexPrice, 2)}</strong>
            </span>
            <span>
              {t('options.roundOpen')}{' '}
              <strong data-testid="option-round-open">{open === null ? '-' : formatNumber(open / 100, 2)}</strong>
              {open !== null && index !== null ? (
                <em className={index >= open ? styles.up : styles.down}>
                  {' '}
                  {index >= open ? '+' : ''}
                  {formatNumber((index - open) / 100, 2)}
                </em>
              ) : null}
            </span>
          </header>
          <OptionChart store={store} waiting={waitingRows} roundStartMs={clock.roundStartMs} />
        </section>
        <aside className={styles.bookArea}>
          <OrderBook store={store} openOrders={[]} onPickPrice={() => undefined} />
        </aside>
        <aside className={styles.panelArea}>
          <OptionPanel clock={clock} />
        </aside>
      </div>
      <section className={styles.orders}>
        <Tabs<'recent' | 'history'>
          items={[
            { id: 'recent', label: t('options.recent', { n: topRows.length }) },
            { id: 'history', label: t('options.history') },
          ]}
          active={tab}
          onSelect={setTab}
          testIdPrefix="option-tab"
        />
        {tab === 'recent' ? (
          <RecentOptionOrders rows={topRows} index={index} />
        ) : (
          <OptionHistoryTable
            rows={history.data?.list ?? EMPTY}
            info={history.data?.pagination ?? null}
            onPage={setPage}
            pending={history.isPending}
          />
        )}
      </section>
    </div>
  );
}

/** Seed 001 §2 "Option trading screen" at /options. */
export function OptionsScreen() {
  return <Screen />;
}
