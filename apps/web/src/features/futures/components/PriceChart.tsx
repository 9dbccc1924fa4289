import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineStyle,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { KlineData, OpenOrderRow, PositionRow } from '@tickline/protocol';
import { wsClient } from '../../../api/ws.ts';
import { readMarketColours, subscribeUpDownColours } from '../../preferences/upDownColours.ts';
import { formatNumber } from '../../../lib/format.ts';
import { fetchKlines } from '../api.ts';
import { CHART_INTERVALS, aggregate, mergeMinute, type Candle, type ChartInterval } from '../calc/candles.ts';
import { chartLines, type ChartLine } from '../calc/chartLines.ts';
import { zoneOffsetMs } from '../../../lib/timeZone.ts';
import { TimeZoneSelect } from '../../preferences/TimeZoneSelect.tsx';
import { useI18n, type Translate } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

const SYMBOL = 'BTCUSDT';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/** Dark chart with candles and a volume pane-overlay, created once per mount. */
function createSeries(container: HTMLElement): Series {
  const up = cssVar('--up', '#0ecb81');
  const down = cssVar('--down', '#f6465d');
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: cssVar('--panel', '#181c23') },
      textColor: cssVar('--muted', '#848e9c'),
      fontSize: 11,
      attributionLogo: false,
    },
    grid: { vertLines: { color: 'rgba(255,255,255,0.04)' }, horzLines: { color: 'rgba(255,255,255,0.04)' } },
    rightPriceScale: { borderColor: cssVar('--border', '#262c36') },
    timeScale: { borderColor: cssVar('--border', '#262c36'), timeVisible: true, secondsVisible: false },
    crosshair: { mode: 0 },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: up,
    downColor: down,
    borderVisible: false,
    wickUpColor: up,
    wickDownColor: down,
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
  return { chart, candles, volume };
}

/** Loads now and after every reconnect; what arrives after the returned stop is dropped. */
function loadEveryConnection(load: () => Promise<KlineData[]>, use: (rows: KlineData[]) => void): () => void {
  let alive = true;
  const run = () =>
    load().then(
      (rows) => {
        if (alive) use(rows);
      },
      (error: unknown) => console.warn('klines failed', error),
    );
  void run();
  const stopResync = wsClient().onResync(() => void run());
  return () => {
    alive = false;
    stopResync();
  };
}

/** Candles asked for a longer interval: 1,000 fill any chart width (4 h: about five months, as far as history goes). */
const INTERVAL_HISTORY = 1000;

/**
 * The bars to draw: for 1m the minutes; for a longer interval the server's candles before the current one, and the
 * current one made of the minutes here, which the kline stream keeps live.
 */
function chartBars(
  minutes: readonly Candle[],
  server: { interval: ChartInterval; bars: readonly Candle[] },
  interval: ChartInterval,
): Candle[] {
  const fromMinutes = aggregate(minutes, interval);
  if (interval === '1m' || server.interval !== interval) return fromMinutes;
  const current = fromMinutes.at(-1);
  if (!current) return [...server.bars];
  return [...server.bars.filter((bar) => bar.openTime < current.openTime), current];
}

const toCandle = (k: KlineData): Candle => ({
  openTime: k.openTime,
  open: k.open,
  high: k.high,
  low: k.low,
  close: k.close,
  volume: k.volume,
});

interface PriceChartProps {
  position: PositionRow | null;
  orders: readonly OpenOrderRow[];
}

/**
 * lightweight-charts on /market/klines history and the kline stream (seed 000 §2: 1-minute, dark, Asia/Seoul unless the user chose another zone). The
 * chart is created once; a stream tick updates the last bar with `update()`; `setData` runs only when the history
 * loads, after a reconnect, or when the interval or time zone changes.
 */
export function PriceChart({ position, orders }: PriceChartProps) {
  const { t, timeZone: zone } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<Series | null>(null);
  const minutesRef = useRef<Candle[]>([]);
  /** The server's candles of the chosen interval (longer ones are made of its stored minutes, days of them). */
  const intervalBarsRef = useRef<{ interval: ChartInterval; bars: Candle[] }>({ interval: '1m', bars: [] });
  const lastBarRef = useRef<Candle | undefined>(undefined);
  const [interval, setChartInterval] = useState<ChartInterval>('1m');
  const [historyVersion, setHistoryVersion] = useState(0);
  const settings = useRef({ interval, zone });
  settings.current = { interval, zone };

  useEffect(() => {
    const series = createSeries(containerRef.current!);
    seriesRef.current = series;
    return () => {
      series.chart.remove();
      seriesRef.current = null;
    };
  }, []);

  // The price colour preference (red up or green up) repaints the candles.
  useEffect(
    () =>
      subscribeUpDownColours(() => {
        const { up, down } = readMarketColours();
        seriesRef.current?.candles.applyOptions({ upColor: up, downColor: down, wickUpColor: up, wickDownColor: down });
      }),
    [],
  );

  // History (again after every reconnect: the gap is filled from the server's stored candles): the minutes, and the
  // chosen interval's candles (#28 item 7: 1 h and 4 h open full, not with the few candles a day of minutes makes).
  useEffect(
    () =>
      loadEveryConnection(fetchKlines, (rows) => {
        minutesRef.current = rows.map(toCandle);
        setHistoryVersion((v) => v + 1);
      }),
    [],
  );
  useEffect(() => {
    if (interval === '1m') return;
    return loadEveryConnection(
      () => fetchKlines(INTERVAL_HISTORY, interval),
      (rows) => {
        intervalBarsRef.current = { interval, bars: rows.map(toCandle) };
        setHistoryVersion((v) => v + 1);
      },
    );
  }, [interval]);

  // Full redraw: history loaded, interval or time zone changed.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const bars = chartBars(minutesRef.current, intervalBarsRef.current, interval);
    const shift = zoneOffsetMs(zone);
    const time = (c: Candle) => ((c.openTime + shift) / 1000) as UTCTimestamp;
    series.candles.setData(
      bars.map((c) => ({ time: time(c), open: c.open, high: c.high, low: c.low, close: c.close })),
    );
    series.volume.setData(bars.map((c) => ({ time: time(c), value: c.volume, color: volumeColor(c) })));
    lastBarRef.current = bars[bars.length - 1];
    containerRef.current!.dataset.bars = String(bars.length); // how full the chart is, for the browser tests
  }, [historyVersion, interval, zone]);

  // Stream: fold the minute into the current bar and update() it.
  useEffect(
    () =>
      wsClient().subscribe(SYMBOL, 'kline', (message) => {
        const minute = toCandle(message.data);
        const minutes = minutesRef.current;
        if (minutes.length && minutes[minutes.length - 1]!.openTime === minute.openTime)
          minutes[minutes.length - 1] = minute;
        else if (!minutes.length || minutes[minutes.length - 1]!.openTime < minute.openTime) minutes.push(minute);
        else return;
        const series = seriesRef.current;
        if (!series) return;
        const { interval: current, zone: currentZone } = settings.current;
        const previous = lastBarRef.current;
        const sameBucket = previous && previous.openTime === mergeMinute(undefined, minute, current).openTime;
        // Re-aggregate the bucket from its minutes so a repeated minute is not counted twice.
        const bar = sameBucket
          ? aggregate(
              minutes.filter((m) => m.openTime >= previous.openTime),
              current,
            )[0]!
          : mergeMinute(undefined, minute, current);
        lastBarRef.current = bar;
        const time = ((bar.openTime + zoneOffsetMs(currentZone)) / 1000) as UTCTimestamp;
        series.candles.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
        series.volume.update({ time, value: bar.volume, color: volumeColor(bar) });
      }),
    [],
  );

  // Lines for the position (entry, liquidation, TP, SL) and open orders.
  // Redrawn when their content changes, not on every new array of the same lines.
  const linesKey = JSON.stringify(chartLines(position, orders));
  const lines = useMemo(() => JSON.parse(linesKey) as ChartLine[], [linesKey]);
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const drawn: IPriceLine[] = lines.map((line) =>
      series.candles.createPriceLine({
        price: line.price,
        color: lineColor(line),
        lineWidth: 1,
        lineStyle: line.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: lineTitle(line, t),
      }),
    );
    return () => drawn.forEach((line) => series.candles.removePriceLine(line));
  }, [lines, t]);

  return (
    <section className={styles.chartPanel} aria-label={t('futures.chart')}>
      <div className={styles.chartToolbar}>
        <div className={styles.segmented} role="group" aria-label={t('futures.chart')}>
          {(Object.keys(CHART_INTERVALS) as ChartInterval[]).map((choice) => (
            <button
              key={choice}
              type="button"
              className={choice === interval ? styles.segmentActive : styles.segment}
              aria-pressed={choice === interval}
              onClick={() => setChartInterval(choice)}
            >
              {choice}
            </button>
          ))}
        </div>
        <label className={styles.zone}>
          <span className={styles.muted}>{t('futures.timeZone')}</span>
          <TimeZoneSelect />
        </label>
      </div>
      <div className={styles.chartBody}>
        <div ref={containerRef} className={styles.chartCanvas} data-testid="price-chart" />
        <ul className={styles.chartLegend} aria-label={t('futures.chart')} data-testid="chart-lines">
          {lines.map((line) => (
            <li key={`${line.kind}-${line.price}`} data-kind={line.kind} style={{ color: lineColor(line) }}>
              {lineTitle(line, t)} {formatNumber(line.price, 2)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function volumeColor(c: Candle): string {
  return c.close >= c.open ? 'rgba(14, 203, 129, 0.35)' : 'rgba(246, 70, 93, 0.35)';
}

function lineColor(line: ChartLine): string {
  switch (line.kind) {
    case 'entry':
      return '#f5b300';
    case 'liquidation':
      return '#ff8a00';
    case 'takeProfit':
      return cssVar('--up', '#0ecb81');
    case 'stopLoss':
      return cssVar('--down', '#f6465d');
    default:
      return line.side === 1 ? cssVar('--up', '#0ecb81') : cssVar('--down', '#f6465d');
  }
}

function lineTitle(line: ChartLine, t: Translate): string {
  const titles = {
    entry: t('futures.entry'),
    liquidation: t('futures.liquidation'),
    takeProfit: t('futures.takeProfit'),
    stopLoss: t('futures.stopLoss'),
    order: t('futures.order'),
  } as const;
  return titles[line.kind];
}
