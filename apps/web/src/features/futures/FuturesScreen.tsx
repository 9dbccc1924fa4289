import { useEffect, useMemo, useRef, useState } from 'react';
import { isLoggedIn, useSession } from '../../api/session.ts';
import { wsClient } from '../../api/ws.ts';
import { useBalance } from '../account/queries.ts';
import { AssetsPanel } from './components/AssetsPanel.tsx';
import { OrderBook } from './components/OrderBook.tsx';
import { PositionsArea } from './components/PositionsArea.tsx';
import { PriceChart } from './components/PriceChart.tsx';
import { RecentTrades } from './components/RecentTrades.tsx';
import { TickerStrip } from './components/TickerStrip.tsx';
import { TradePanel } from './components/TradePanel.tsx';
import { FeedbackProvider } from './feedback.tsx';
import { ResizeHandle } from './layout/ResizeHandle.tsx';
import { usePanelLayout } from './layout/usePanelLayout.ts';
import { useOpenOrders, usePositions, useUserStream } from './queries.ts';
import { connectMarket, createMarketStore } from './stream/marketFeed.ts';
import { MarketProvider } from './markets/MarketContext.tsx';
import { useMarketLeverage, useTickerBoard } from './markets/queries.ts';
import { rowSymbol } from './markets/symbols.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import styles from './futures.module.css';

/**
 * Narrow screens show one of these at a time; 'trade' is the seeds' stacked trade panel, positions and assets,
 * 'positions' the positions area alone (its tabs get the whole screen).
 */
const MOBILE_VIEWS = ['trade', 'chart', 'book', 'trades', 'positions'] as const;
type MobileView = (typeof MOBILE_VIEWS)[number];

const EMPTY: never[] = [];

function Screen({ symbol }: { symbol: string }) {
  const t = useT();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  // One store per screen: stream updates land here outside React and are published once per frame.
  const [store] = useState(() => createMarketStore());
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [view, setView] = useState<MobileView>('trade');
  const screenRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const layout = usePanelLayout(screenRef, chartRef);

  useEffect(() => connectMarket(wsClient(), symbol, store), [store, symbol]);
  const board = useTickerBoard();
  useUserStream();
  const balance = useBalance();
  const positions = usePositions();
  const openOrders = useOpenOrders();
  const positionRows = loggedIn ? (positions.data ?? EMPTY) : EMPTY;
  const orderRows = loggedIn ? (openOrders.data?.orders ?? EMPTY) : EMPTY;
  // The chart and the book show this market's own orders and position; the tables list every market's.
  const marketOrders = useMemo(() => orderRows.filter((order) => rowSymbol(order) === symbol), [orderRows, symbol]);
  const marketPosition = positionRows.find((position) => rowSymbol(position) === symbol) ?? null;
  const leverage = useMarketLeverage(symbol);
  const viewLabels: Record<MobileView, string> = {
    trade: t('futures.order'),
    chart: t('futures.chart'),
    book: t('futures.orderBook'),
    trades: t('futures.trades'),
    positions: t('futures.layout.positionsView'),
  };

  return (
    <div
      ref={screenRef}
      className={styles.screen}
      style={layout.style}
      data-view={view}
      data-testid="futures-screen"
      data-account-loaded={!loggedIn || (positions.isSuccess && openOrders.isSuccess)}
    >
      <TickerStrip store={store} board={board} />
      <nav className={styles.mobileViews} aria-label={t('futures.markets.perpetualOf', { symbol })}>
        {MOBILE_VIEWS.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={view === choice}
            className={view === choice ? styles.tabActive : styles.tab}
            onClick={() => setView(choice)}
            data-testid={`view-${choice}`}
          >
            {viewLabels[choice]}
          </button>
        ))}
      </nav>
      {layout.customised && (
        <button
          type="button"
          className={styles.layoutReset}
          title={t('futures.layout.resetHint')}
          onClick={layout.reset}
          data-testid="layout-reset"
        >
          {t('futures.layout.reset')}
        </button>
      )}
      <div className={styles.chartArea} data-area="chart" ref={chartRef}>
        <PriceChart position={marketPosition} orders={marketOrders} />
      </div>
      <div className={styles.bookArea} data-area="book">
        <OrderBook
          store={store}
          openOrders={marketOrders}
          onPickPrice={(price) => {
            setPicked({ price, at: Date.now() });
            setView('trade');
          }}
        />
      </div>
      <div className={styles.tradesArea} data-area="trades">
        <RecentTrades store={store} />
      </div>
      <div className={styles.tradeArea} data-area="trade">
        <TradePanel store={store} loggedIn={loggedIn} balance={balance.data} leverage={leverage} picked={picked} />
      </div>
      <div className={styles.positionsArea} data-area="positions">
        <PositionsArea board={board} loggedIn={loggedIn} positions={positionRows} orders={orderRows} />
      </div>
      <div className={styles.assetsArea} data-area="assets">
        <AssetsPanel balance={balance.data} loggedIn={loggedIn} />
      </div>
      <ResizeHandle panel="book" layout={layout} label={t('futures.layout.resizeBook')} />
      <ResizeHandle panel="trade" layout={layout} label={t('futures.layout.resizeTrade')} />
      <ResizeHandle panel="bottom" layout={layout} label={t('futures.layout.resizeBottom')} />
    </div>
  );
}

/** Seed 000 §2: the perpetual futures screen, BTCUSDT's as seeded or another market's (#34). */
export function FuturesScreen({ symbol }: { symbol: string }) {
  return (
    <FeedbackProvider>
      <MarketProvider symbol={symbol}>
        <Screen symbol={symbol} />
      </MarketProvider>
    </FeedbackProvider>
  );
}
