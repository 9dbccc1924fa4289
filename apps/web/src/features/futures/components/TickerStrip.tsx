import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { wsClient } from '../../../api/ws.ts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { fetchFuturesMarket, fetchServerTime } from '../api.ts';
import { clockOffset, formatCountdown, remainingMs } from '../calc/countdown.ts';
import { useFrameValue } from '../../../lib/frameStore.ts';
import { applyTicker, type MarketStore } from '../stream/marketFeed.ts';
import { useMarket } from '../markets/MarketContext.tsx';
import { MarketSelector } from '../markets/MarketSelector.tsx';
import { baseLabel } from '../markets/symbols.ts';
import type { TickerBoard } from '../markets/tickerBoard.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

/** Seed 000 §4/§9: the header figures refresh every 5 s; here only when the ticker stream has been silent that long. */
export const HEADER_FALLBACK_MS = 5_000;

function useTickerFallback(store: MarketStore, symbol: string): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - store.latest('tickerAt') < HEADER_FALLBACK_MS) return;
      fetchFuturesMarket(symbol).then(
        (m) =>
          applyTicker(
            store,
            {
              close: m.lastPrice,
              percentChange: m.priceChangePercent,
              markPrice: m.markPrice,
              indexPrice: m.indexPrice,
              fundingRate: m.fundingRate,
              fundingTime: m.fundingTime,
              high: m.highPrice,
              low: m.lowPrice,
              volume: m.volume,
            },
            Date.now(),
          ),
        (error: unknown) => console.warn('futures header refresh failed', error), // seeds §8: only logged
      );
    }, HEADER_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [store, symbol]);
}

/** Server clock offset, measured on mount and again whenever asked (the countdown reaching zero). */
function useServerOffset(): [number, () => void] {
  const [offset, setOffset] = useState(0);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const sentAt = Date.now();
    fetchServerTime().then(
      ({ timestamp }) => setOffset(clockOffset(timestamp, sentAt, Date.now())),
      () => undefined,
    );
  }, [round]);
  const resync = useCallback(() => setRound((r) => r + 1), []);
  return [offset, resync];
}

function FundingCountdown({ fundingTime }: { fundingTime: number }) {
  const [offset, resync] = useServerOffset();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = remainingMs(fundingTime, now, offset);
  const atZero = fundingTime > 0 && remaining === 0;
  useEffect(() => {
    if (atZero) resync(); // seed 000 §4: resync at zero (the next ticker brings the next funding time)
  }, [atZero, resync]);
  return <span data-testid="funding-countdown">{fundingTime > 0 ? formatCountdown(remaining) : '--:--:--'}</span>;
}

function ConnectionBadge() {
  const client = wsClient();
  const state = useSyncExternalStore(client.subscribeState, client.getState);
  const t = useT();
  if (state === 'open') return null;
  return (
    <span className={styles.connection} role="status" data-testid="connection-state">
      {t(state === 'reconnecting' ? 'futures.reconnecting' : 'futures.connecting')}
    </span>
  );
}

/** The last price in the browser tab's title, at most once a second (a title change is a call into the browser). */
function useTitlePrice(price: number | undefined, symbol: string, decimals: number): void {
  const latest = useRef(price);
  latest.current = price;
  useEffect(() => {
    const previous = document.title;
    let shown: number | undefined;
    const show = () => {
      if (latest.current === undefined || latest.current === shown) return;
      shown = latest.current;
      document.title = `${formatNumber(shown, decimals)} | ${symbol} | Tickline`;
    };
    show();
    const timer = setInterval(show, 1000);
    return () => {
      clearInterval(timer);
      document.title = previous;
    };
  }, [symbol, decimals]);
}

/** Seed 000 §2 header strip: symbol, last, change, mark, index, funding/countdown, 24 h high, low, volume. */
/** `board` (every market's figures) adds the market selector; the options screen's strip has none. */
export function TickerStrip({ store, board }: { store: MarketStore; board?: TickerBoard }) {
  const t = useT();
  const { symbol, info } = useMarket();
  const decimals = info?.priceDecimals ?? 2;
  const ticker = useFrameValue(store, 'ticker');
  const last = useFrameValue(store, 'last');
  useTickerFallback(store, symbol);

  const price = last?.price ?? ticker?.close;
  useTitlePrice(price, symbol, decimals);

  const change = ticker?.percentChange;
  const tone = change !== undefined && change > 0 ? styles.up : styles.down;
  const stat = (label: string, value: string, testId: string) => (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <section className={styles.strip} aria-label={t('futures.markets.perpetualOf', { symbol })}>
      <div className={styles.symbol}>
        {board ? (
          <MarketSelector board={board} />
        ) : (
          <>
            <strong>{symbol}</strong>
            <span className={styles.muted}>{t('futures.perpetual')}</span>
          </>
        )}
      </div>
      <div className={styles.lastBlock}>
        <span
          className={`${styles.lastPrice} ${last?.direction === 'down' ? styles.down : styles.up}`}
          data-testid="last-price"
        >
          {price === undefined ? '-' : formatNumber(price, decimals)}
        </span>
        <span className={`${styles.change} ${tone}`} data-testid="percent-change">
          {change === undefined ? '-' : formatPercent(change)}
        </span>
      </div>
      <div className={styles.stats}>
        {stat(t('futures.markPrice'), ticker ? formatNumber(ticker.markPrice, decimals) : '-', 'mark-price')}
        {stat(t('futures.indexPrice'), ticker ? formatNumber(ticker.indexPrice, decimals) : '-', 'index-price')}
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('futures.fundingCountdown')}</span>
          <span className={styles.statValue}>
            <span className={styles.accent} data-testid="funding-rate">
              {ticker ? `${formatNumber(ticker.fundingRate * 100, 4)}%` : '-'}
            </span>{' '}
            / <FundingCountdown fundingTime={ticker?.fundingTime ?? 0} />
          </span>
        </div>
        {stat(t('futures.high24h'), ticker ? formatNumber(ticker.high, decimals) : '-', 'high-24h')}
        {stat(t('futures.low24h'), ticker ? formatNumber(ticker.low, decimals) : '-', 'low-24h')}
        {stat(
          baseLabel(t('futures.volume24h'), symbol),
          ticker ? formatNumber(ticker.volume, info?.qtyDecimals ?? 4) : '-',
          'volume-24h',
        )}
      </div>
      <ConnectionBadge />
    </section>
  );
}
