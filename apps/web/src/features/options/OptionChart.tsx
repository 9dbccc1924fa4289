import { useEffect, useRef } from 'react';
import {
  AreaSeries,
  ColorType,
  LineStyle,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { OptionOrderRow } from '@tickline/protocol';
import { wsClient } from '../../api/ws.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { fetchKlines } from '../futures/api.ts';
import { zoneOffsetMs, type TimeZoneChoice } from '../../lib/timeZone.ts';
import type { MarketStore } from '../futures/stream/marketFeed.ts';
import styles from './options.module.css';

// Seed 001 §2: an area series on 1-minute klines, then live from the index ticks. One resolution on the axis (#28
// item 7): a point a minute, the current minute's point following every tick; in the user's time zone.
const MINUTE_MS = 60_000;
const chartTime = (ms: number, zone: TimeZoneChoice) =>
  ((Math.floor(ms / MINUTE_MS) * MINUTE_MS + zoneOffsetMs(zone)) / 1000) as UTCTimestamp;

interface Chart {
  chart: IChartApi;
  area: ISeriesApi<'Area'>;
  markers: ISeriesMarkersPluginApi<Time>;
  lastTime: number;
}

function createAreaChart(container: HTMLElement): Chart {
  const style = getComputedStyle(document.documentElement);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const accent = css('--accent', '#f0b90b');
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: css('--panel', '#181c23') },
      textColor: css('--muted', '#848e9c'),
      fontSize: 11,
      attributionLogo: false,
    },
    grid: { vertLines: { color: 'rgba(255,255,255,0.04)' }, horzLines: { color: 'rgba(255,255,255,0.04)' } },
    rightPriceScale: { borderColor: css('--border', '#262c36') },
    timeScale: { borderColor: css('--border', '#262c36'), timeVisible: true, secondsVisible: false, rightOffset: 12 },
  });
  const area = chart.addSeries(AreaSeries, {
    lineColor: accent,
    topColor: 'rgba(240, 185, 11, 0.28)',
    bottomColor: 'rgba(240, 185, 11, 0.02)',
    lineWidth: 2,
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  return { chart, area, markers: createSeriesMarkers(area, []), lastTime: 0 };
}

/**
 * The options chart: created once; history once (and after a reconnect), then one `update()` per index tick
 * (published once per frame by the store). Each waiting bet is a price line at its open price, with a red LONG and a
 * green SHORT label as seed 001 writes them, whatever the user's up/down colour preference (#28 item 2).
 */
export function OptionChart({
  store,
  waiting,
  roundStartMs,
}: {
  store: MarketStore;
  waiting: readonly OptionOrderRow[];
  roundStartMs: number;
}) {
  const { t, timeZone: zone } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const linesRef = useRef<IPriceLine[]>([]);

  useEffect(() => {
    const chart = createAreaChart(containerRef.current!);
    chartRef.current = chart;
    let alive = true;
    const load = () =>
      fetchKlines(240).then(
        (rows) => {
          if (!alive) return;
          const points = rows.map((k) => ({ time: chartTime(k.openTime, zone), value: k.close }));
          chart.area.setData(points);
          chart.lastTime = points[points.length - 1]?.time ?? 0;
          if (containerRef.current) containerRef.current.dataset.lastPoint = String(chart.lastTime); // browser tests
        },
        (error: unknown) => console.warn('option chart history failed', error),
      );
    void load();
    const stopResync = wsClient().onResync(() => void load());
    const stopTicks = store.subscribe('ticker', () => {
      const ticker = store.get('ticker');
      if (!ticker || !ticker.indexPrice) return;
      const time = chartTime(store.get('tickerAt'), zone);
      if (time < chart.lastTime) return;
      chart.lastTime = time;
      chart.area.update({ time, value: ticker.indexPrice });
      if (containerRef.current) containerRef.current.dataset.lastPoint = String(time);
    });
    return () => {
      alive = false;
      stopResync();
      stopTicks();
      chart.chart.remove();
      chartRef.current = null;
      linesRef.current = []; // they went with the chart; the lines effect draws them on the next one
    };
  }, [store, zone]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    for (const line of linesRef.current) chart.area.removePriceLine(line);
    const style = getComputedStyle(document.documentElement);
    const red = style.getPropertyValue('--red').trim() || '#f6465d';
    const green = style.getPropertyValue('--green').trim() || '#0ecb81';
    linesRef.current = waiting.map((bet) =>
      chart.area.createPriceLine({
        price: bet.openPrice,
        color: bet.betType === 1 ? red : green,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: bet.betType === 1 ? 'LONG' : 'SHORT',
      }),
    );
  }, [waiting]);

  useEffect(() => {
    chartRef.current?.markers.setMarkers([
      {
        time: chartTime(roundStartMs, zone),
        position: 'belowBar',
        shape: 'arrowUp',
        color: '#848e9c',
        text: t('options.roundOpen'),
      },
    ]);
  }, [roundStartMs, t, zone]);

  return (
    <div className={styles.chart} data-testid="option-chart">
      <div ref={containerRef} className={styles.chartCanvas} />
      <ul className={styles.srOnly} data-testid="option-lines">
        {waiting.map((bet) => (
          <li key={bet.no} data-kind={bet.betType === 1 ? 'long' : 'short'}>
            {bet.betType === 1 ? 'LONG' : 'SHORT'} {bet.openPrice}
          </li>
        ))}
      </ul>
    </div>
  );
}
