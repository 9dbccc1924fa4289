import { memo, useEffect, useMemo, useState } from 'react';
import { formatDecimal, formatUsdt, PRICE_SCALE, type PriceTicks } from '@tickline/money';
import type { OpenOrderRow } from '@tickline/protocol';
import { formatNumber } from '../../../lib/format.ts';
import {
  BOOK_LEVELS,
  bookStepsOf,
  chooseStep,
  groupLevels,
  needsDeepDepth,
  ownOrderPrices,
  SEED_BOOK_STEPS,
  spreadTicks,
  type BookStep,
  type BookRow,
} from '../calc/book.ts';
import { useFrameValue } from '../../../lib/frameStore.ts';
import { connectDeepDepth, depthOf, type MarketStore } from '../stream/marketFeed.ts';
import { wsClient } from '../../../api/ws.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { useMarket } from '../markets/MarketContext.tsx';
import { baseLabel, marketDecimals, sizeText } from '../markets/symbols.ts';
import styles from '../futures.module.css';
import {
  BOOK_VIEWS,
  rememberPrecision,
  rememberView,
  storedPrecision,
  storedView,
  type BookView,
} from './book/bookChoices.ts';
import { DepthChart } from './book/DepthChart.tsx';

interface OrderBookProps {
  store: MarketStore;
  openOrders: readonly OpenOrderRow[];
  onPickPrice(price: string): void;
}

/** Shows grouped ticks with the precision's decimals (2, or 3 for 0.001). */
function priceText(ticks: number, decimals: number): string {
  return formatDecimal(ticks * 10 ** (decimals - PRICE_SCALE), decimals);
}

const Row = memo(function Row({
  row,
  side,
  max,
  decimals,
  qtyDecimals,
  own,
  ownLabel,
  onPick,
}: {
  row: BookRow | undefined;
  side: 'ask' | 'bid';
  max: number;
  decimals: number;
  qtyDecimals: number;
  own: boolean;
  ownLabel: string;
  onPick(price: string): void;
}) {
  if (!row)
    return (
      <div className={styles.bookRow} aria-hidden="true">
        <span>&nbsp;</span>
      </div>
    );
  const price = priceText(row.price, decimals);
  return (
    <button
      type="button"
      className={`${styles.bookRow} ${side === 'ask' ? styles.askRow : styles.bidRow}`}
      onClick={() => onPick(price)}
      data-testid={`${side}-row`}
      data-own={own || undefined}
    >
      <span
        className={styles.depthBar}
        style={{ transform: `scaleX(${max > 0 ? Math.min(1, row.cumulative / max) : 0})` }}
        aria-hidden="true"
      />
      <span className={side === 'ask' ? styles.down : styles.up}>
        {own ? <i className={styles.ownMark} title={ownLabel} aria-label={ownLabel} data-testid="own-mark" /> : null}
        {price}
      </span>
      <span data-testid="book-qty">{sizeText(row.qty, qtyDecimals)}</span>
      <span>{formatUsdt(row.total)}</span>
    </button>
  );
});

interface LadderProps extends OrderBookProps {
  step: BookStep;
  /** The market's tick (deep depth from 100 of them) and display decimals. */
  tickSize: PriceTicks;
  decimals: { price: number; qty: number };
}

/** The ladder: re-renders once per frame at most, and only while it is the view shown. */
function Ladder({ store, openOrders, step, tickSize, decimals, onPickPrice }: LadderProps) {
  const t = useT();
  const symbol = useFrameValue(store, 'symbol');
  const deep = needsDeepDepth(step, tickSize);
  // Coarse groupings read the deep stream while chosen; until its first message, the default one.
  useEffect(() => (deep && symbol ? connectDeepDepth(wsClient(), symbol, store) : undefined), [deep, symbol, store]);
  const depthText = useFrameValue(store, 'depthText');
  const deepDepthText = useFrameValue(store, 'deepDepthText');
  const shownText = deep ? (deepDepthText ?? depthText) : depthText;
  const depth = useMemo(() => depthOf(shownText), [shownText]);
  const last = useFrameValue(store, 'last');

  const { asks, bids, max } = useMemo(() => {
    const a = depth ? groupLevels(depth.a, 'ask', step.ticks) : [];
    const b = depth ? groupLevels(depth.b, 'bid', step.ticks) : [];
    const deepest = Math.max(a[a.length - 1]?.cumulative ?? 0, b[b.length - 1]?.cumulative ?? 0);
    return { asks: a, bids: b, max: deepest };
  }, [depth, step.ticks]);
  const own = useMemo(() => ownOrderPrices(openOrders, step.ticks), [openOrders, step.ticks]);
  const spread = spreadTicks(asks, bids);
  const rows = Array.from({ length: BOOK_LEVELS }, (_, i) => i);
  const ownLabel = t('futures.book.ownOrder');

  const sideRow = (side: 'ask' | 'bid', row: BookRow | undefined, slot: number) => (
    <Row
      key={slot}
      row={row}
      side={side}
      max={max}
      decimals={step.decimals}
      qtyDecimals={decimals.qty}
      own={row ? (side === 'ask' ? own.asks : own.bids).has(row.price) : false}
      ownLabel={ownLabel}
      onPick={onPickPrice}
    />
  );

  if (depth === null)
    return (
      <p className={styles.bookLoading} data-testid="book-loading">
        {t('futures.loading')}
      </p>
    );
  return (
    <>
      <div className={styles.asks} data-testid="book-asks">
        {/* worst ask on top, best next to the spread */}
        {rows.map((i) => sideRow('ask', asks[BOOK_LEVELS - 1 - i], i))}
      </div>
      <div className={styles.spreadRow} data-testid="book-last">
        <span className={`${styles.bookLast} ${last?.direction === 'down' ? styles.down : styles.up}`}>
          {last ? formatNumber(last.price, decimals.price) : '-'}
          {last && last.direction !== 'flat' ? (
            <span aria-label={last.direction} data-testid="price-arrow">
              {last.direction === 'up' ? ' ↑' : ' ↓'}
            </span>
          ) : null}
        </span>
        <span className={styles.muted}>
          {t('futures.spread')} {spread === null ? '-' : formatDecimal(spread, PRICE_SCALE)}
        </span>
      </div>
      <div className={styles.bids} data-testid="book-bids">
        {rows.map((i) => sideRow('bid', bids[i], i))}
      </div>
    </>
  );
}

/**
 * Seed 000 §2 order book (10 levels a side, precision 0.1/0.01/0.001, arrow, spread, click to fill the price) with
 * #33's coarser groupings (1, 10, 50, 100), own-order marks and a depth chart view. #34: each market's own grouping
 * steps, tick and size decimals, as the server's market definitions publish them (the seeds' choices until then).
 */
export function OrderBook(props: OrderBookProps) {
  const t = useT();
  const { symbol, info } = useMarket();
  const steps = useMemo(
    () => bookStepsOf(info?.bookSteps.length ? info.bookSteps : SEED_BOOK_STEPS, info?.priceDecimals),
    [info],
  );
  const decimals = marketDecimals(info);
  // The label chosen (or remembered); the market's default while it offers no such step.
  const [chosen, setChosen] = useState<string | null>(() => storedPrecision(symbol));
  const step = chooseStep(steps, chosen);
  const [view, setView] = useState<BookView>(storedView);
  const viewLabel: Record<BookView, string> = { ladder: t('futures.book.ladder'), depth: t('futures.book.depth') };

  return (
    <section className={styles.book} aria-label={t('futures.orderBook')}>
      <header className={styles.panelHead}>
        <h2>{t('futures.orderBook')}</h2>
        <div className={styles.bookTools}>
          <div className={styles.segmented} role="group" aria-label={t('futures.book.views')}>
            {BOOK_VIEWS.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={view === choice}
                className={view === choice ? styles.segmentActive : styles.segment}
                onClick={() => {
                  setView(choice);
                  rememberView(choice);
                }}
                data-testid={`book-view-${choice}`}
              >
                {viewLabel[choice]}
              </button>
            ))}
          </div>
          {view === 'ladder' ? (
            <label className={styles.precision}>
              <span className={styles.srOnly}>{t('futures.precision')}</span>
              <select
                value={step.label}
                onChange={(event) => {
                  setChosen(event.target.value);
                  rememberPrecision(symbol, event.target.value);
                }}
                data-testid="book-precision"
              >
                {steps.map((choice) => (
                  <option key={choice.label} value={choice.label}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </header>
      {view === 'ladder' ? (
        <>
          <div className={styles.bookHead}>
            <span>{t('futures.price')}</span>
            <span>{baseLabel(t('futures.quantity'), symbol)}</span>
            <span>{t('futures.total')}</span>
          </div>
          <Ladder {...props} step={step} tickSize={info?.tickSize ?? 1} decimals={decimals} />
        </>
      ) : (
        <DepthChart store={props.store} qtyDecimals={decimals.qty} />
      )}
    </section>
  );
}
