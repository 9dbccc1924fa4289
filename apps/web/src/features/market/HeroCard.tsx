import { useEffect } from 'react';
import type { KlineData, TickerData } from '@tickline/protocol';
import { wsClient } from '../../api/ws.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatNumber, formatPercent, trendOf } from '../../lib/format.ts';
import { FrameStore, useFrameValue } from '../../lib/frameStore.ts';
import { LineChart } from './LineChart.tsx';
import { useRecentKlines, useTickers } from './queries.ts';
import styles from './HeroCard.module.css';

const SYMBOL = 'BTCUSDT';
/** The chart shows the last two hours of our 1-minute candles (six hours cost 50 KB of JSON on a cold load). */
const CHART_MINUTES = 120;

interface HeroState {
  ticker: TickerData | null;
  kline: KlineData | null;
}

/** Our BTCUSDT ticker and current candle (#18: live from the socket, rendered at most once a frame). */
const hero = new FrameStore<HeroState>({ ticker: null, kline: null });

function useHeroStream(): void {
  useEffect(() => {
    const client = wsClient();
    const stopTicker = client.subscribe(SYMBOL, 'ticker', (message) => hero.set('ticker', message.data));
    const stopKline = client.subscribe(SYMBOL, 'kline', (message) => hero.set('kline', message.data));
    return () => {
      stopTicker();
      stopKline();
    };
  }, []);
}

/** Closes of the history with the live candle put in its place (or after the last one). */
function chartPoints(history: readonly KlineData[] | undefined, live: KlineData | null): number[] {
  if (!history) return [];
  const closes = history.map((candle) => candle.close);
  const last = history.at(-1);
  if (live && last) {
    if (live.openTime === last.openTime) closes[closes.length - 1] = live.close;
    else if (live.openTime > last.openTime) closes.push(live.close);
  }
  return closes.slice(-CHART_MINUTES);
}

/**
 * The hero's card: our BTCUSDT perpetual's last price and 24 h change from the websocket ticker (the home tickers'
 * poll while the socket has said nothing), and a chart of its last two hours from our candles, the current one live.
 */
export function HeroCard() {
  const t = useT();
  useHeroStream();
  const ticker = useFrameValue(hero, 'ticker');
  const kline = useFrameValue(hero, 'kline');
  const klines = useRecentKlines(CHART_MINUTES);
  const polledBtc = useTickers().data?.find((row) => row.symbol === SYMBOL);
  const price = ticker?.close ?? polledBtc?.lastPrice;
  const change = ticker?.percentChange ?? polledBtc?.priceChangePercent;
  const points = chartPoints(klines.data, kline);
  const trend = trendOf(change);
  return (
    <div className={`${styles.card} card`} data-testid="hero-card" aria-hidden={price === undefined ? true : undefined}>
      <div className={styles.row}>
        <span className="muted">BTC/USDT · {t('home.perpetual')}</span>
        {change !== undefined ? <span className={`pill trend--${trend}`}>{formatPercent(change)}</span> : null}
      </div>
      <div className={styles.price} data-testid="hero-price">
        {price !== undefined ? formatNumber(price, 2) : <span className="skeleton skeleton--price" />}
      </div>
      {points.length >= 2 ? (
        <LineChart
          className={styles.spark}
          points={points}
          height={90}
          area
          colour={points.at(-1)! < points[0]! ? 'var(--down)' : 'var(--up)'}
          label={t('market.heroChart')}
        />
      ) : (
        <div className={`${styles.spark} muted`} data-testid="hero-chart-empty">
          {klines.isError ? t('market.chartUnavailable') : null}
        </div>
      )}
      <div className={styles.grid}>
        <span>
          <span className="muted">{t('home.heroLeverage')}</span>
          <strong>1–100×</strong>
        </span>
        <span>
          <span className="muted">{t('home.heroRound')}</span>
          <strong>60 s</strong>
        </span>
        <span>
          <span className="muted">{t('home.heroMaker')}</span>
          <strong>0.02%</strong>
        </span>
      </div>
    </div>
  );
}
