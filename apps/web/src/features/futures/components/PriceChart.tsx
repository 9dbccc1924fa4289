import { useEffect, useMemo, useRef, useState } from 'react';
import { LineStyle, type IPriceLine, type SeriesMarker, type Time, type UTCTimestamp } from 'lightweight-charts';
import type { KlineData, OpenOrderRow, PositionRow } from '@tickline/protocol';
import { wsClient } from '../../../api/ws.ts';
import { readMarketColours, subscribeUpDownColours } from '../../preferences/upDownColours.ts';
import { formatNumber } from '../../../lib/format.ts';
import { fetchKlines } from '../api.ts';
import { useOrderHistory } from '../queries.ts';
import { CHART_INTERVALS, aggregate, mergeMinute, type Candle, type ChartInterval } from '../calc/candles.ts';
import { chartLines, type ChartLine } from '../calc/chartLines.ts';
import { zoneOffsetMs } from '../../../lib/timeZone.ts';
import { TimeZoneSelect } from '../../preferences/TimeZoneSelect.tsx';
import { useI18n } from '../../../i18n/I18nProvider.tsx';
import {
  applyIndicatorVisibility,
  createSeries,
  cssVar,
  drawIndicators,
  updateIndicators,
  type Series,
} from './chart/chartSeries.ts';
import { attachReadout } from './chart/crosshairReadout.ts';
import { fillMarkers } from './chart/fillMarkers.ts';
import { IndicatorMenu } from './chart/IndicatorMenu.tsx';
import { useIndicators } from './chart/indicatorPreference.ts';
import { lineColor, lineTitle, useOrderLines } from './chart/useOrderLines.tsx';
import { useMarket } from '../markets/MarketContext.tsx';
import { marketDecimals, rowSymbol } from '../markets/symbols.ts';
import styles from '../futures.module.css';
import chartStyles from './chart/chart.module.css';

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
  const { symbol, info } = useMarket();
  const qtyDecimals = marketDecimals(info).qty;
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<Series | null>(null);
  const minutesRef = useRef<Candle[]>([]);
  /** The server's candles of the chosen interval (longer ones are made of its stored minutes, days of them). */
  const intervalBarsRef = useRef<{ interval: ChartInterval; bars: Candle[] }>({ interval: '1m', bars: [] });
  const lastBarRef = useRef<Candle | undefined>(undefined);
  /** The drawn bars, for the indicators' live point. */
  const barsRef = useRef<Candle[]>([]);
  const overlayRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const readout = useRef<ReturnType<typeof attachReadout> | null>(null);
  const [seriesVersion, setSeriesVersion] = useState(0);
  const [indicators, toggleIndicator] = useIndicators();
  const { layer, confirm } = useOrderLines(seriesRef, overlayRef, orders, seriesVersion, readoutRef);
  const history = useOrderHistory();
  const tRef = useRef(t);
  tRef.current = t;
  const [interval, setChartInterval] = useState<ChartInterval>('1m');
  const [historyVersion, setHistoryVersion] = useState(0);
  const settings = useRef({ interval, zone });
  settings.current = { interval, zone };

  useEffect(() => {
    const series = createSeries(containerRef.current!);
    seriesRef.current = series;
    readout.current = attachReadout(series.chart, series.candles, series.volume, readoutRef.current!, {
      labels: () => ({
        open: tRef.current('futures.chart.open'),
        high: tRef.current('futures.chart.high'),
        low: tRef.current('futures.chart.low'),
        close: tRef.current('futures.chart.close'),
        volume: tRef.current('futures.chart.vol'),
      }),
      price: (value) => formatNumber(value, 2),
      volume: (value) => formatNumber(value, 3),
    });
    setSeriesVersion((v) => v + 1);
    return () => {
      readout.current?.dispose();
      readout.current = null;
      series.chart.remove();
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    applyIndicatorVisibility(series, indicators);
    containerRef.current!.dataset.indicators = Object.entries(indicators)
      .filter(([, on]) => on)
      .map(([kind]) => kind)
      .join(' ');
  }, [indicators, seriesVersion]);

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
      loadEveryConnection(
        () => fetchKlines(undefined, undefined, symbol),
        (rows) => {
          minutesRef.current = rows.map(toCandle);
          setHistoryVersion((v) => v + 1);
        },
      ),
    [symbol],
  );
  useEffect(() => {
    if (interval === '1m') return;
    return loadEveryConnection(
      () => fetchKlines(INTERVAL_HISTORY, interval, symbol),
      (rows) => {
        intervalBarsRef.current = { interval, bars: rows.map(toCandle) };
        setHistoryVersion((v) => v + 1);
      },
    );
  }, [interval, symbol]);

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
    drawIndicators(series, bars, time);
    barsRef.current = bars;
    lastBarRef.current = bars[bars.length - 1];
    readout.current?.showLive(lastBarRef.current);
    layer.current?.schedule();
    containerRef.current!.dataset.bars = String(bars.length); // how full the chart is, for the browser tests
  }, [historyVersion, interval, zone, seriesVersion, layer]);

  // Own fills in this market on the bars they happened in.
  const allHistory = history.data?.orders;
  const historyRows = useMemo(() => allHistory?.filter((row) => rowSymbol(row) === symbol), [allHistory, symbol]);
  useEffect(() => {
    const series = seriesRef.current;
    const first = barsRef.current[0];
    if (!series) return;
    const markers = first ? fillMarkers(historyRows ?? [], interval, zoneOffsetMs(zone), first.openTime) : [];
    series.fills.setMarkers(
      markers.map((m): SeriesMarker<Time> => ({
        time: m.time as UTCTimestamp,
        position: m.position,
        shape: m.shape,
        color:
          m.kind === 'buy' ? cssVar('--up', '#0ecb81') : m.kind === 'sell' ? cssVar('--down', '#f6465d') : '#f5b300',
        text: formatNumber(m.volume, qtyDecimals),
        size: 1,
      })),
    );
    containerRef.current!.dataset.fills = String(markers.length);
  }, [historyRows, interval, zone, historyVersion, seriesVersion, qtyDecimals]);

  // Stream: fold the minute into the current bar and update() it.
  useEffect(
    () =>
      wsClient().subscribe(symbol, 'kline', (message) => {
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
        const bars = barsRef.current;
        if (sameBucket && bars.length) bars[bars.length - 1] = bar;
        else bars.push(bar);
        updateIndicators(series, bars, time);
        readout.current?.showLive(bar);
        layer.current?.schedule();
      }),
    [layer, symbol],
  );

  // Lines for the position (entry, liquidation, TP, SL); the orders' lines are the order layer's (useOrderLines).
  // Redrawn when their content changes, not on every new array of the same lines.
  const linesKey = JSON.stringify(chartLines(position, orders));
  const lines = useMemo(() => JSON.parse(linesKey) as ChartLine[], [linesKey]);
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const own = lines.filter((line) => line.no === undefined);
    const drawn: IPriceLine[] = own.map((line) =>
      series.candles.createPriceLine({
        price: line.price,
        color: lineColor(line),
        lineWidth: 1,
        lineStyle: line.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
        title: lineTitle(line, t),
      }),
    );
    // The price lines now on the candle series, by kind, for the browser tests (as data-bars and data-fills).
    containerRef.current!.dataset.priceLines = own.map((line) => line.kind).join(' ');
    // Off the visible scale a price line draws nothing: the order layer pins a label with its price to the edge.
    layer.current?.setPositionLines(own);
    return () => drawn.forEach((line) => series.candles.removePriceLine(line));
  }, [lines, t, seriesVersion, layer]);

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
        <IndicatorMenu set={indicators} toggle={toggleIndicator} />
        <label className={styles.zone}>
          <span className={styles.muted}>{t('futures.timeZone')}</span>
          <TimeZoneSelect />
        </label>
      </div>
      <div className={styles.chartBody}>
        <div ref={containerRef} className={styles.chartCanvas} data-testid="price-chart" />
        <div ref={overlayRef} className={chartStyles.overlay} data-testid="chart-order-lines" />
        <div ref={readoutRef} className={chartStyles.readout} data-testid="chart-readout" />
      </div>
      {/* Under the chart, not over it: on a phone an overlaid legend hid the newest candles. */}
      <ul className={styles.chartLegend} aria-label={t('futures.chart')} data-testid="chart-lines">
        {lines.map((line) => (
          <li key={`${line.kind}-${line.price}`} data-kind={line.kind} style={{ color: lineColor(line) }}>
            {lineTitle(line, t)} {formatNumber(line.price, 2)}
          </li>
        ))}
      </ul>
      {confirm}
    </section>
  );
}

function volumeColor(c: Candle): string {
  return c.close >= c.open ? 'rgba(14, 203, 129, 0.35)' : 'rgba(246, 70, 93, 0.35)';
}
