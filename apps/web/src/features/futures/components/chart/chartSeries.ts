// The chart and its series, outside React: candles, volume overlay, and the indicator lines (MA, EMA, Bollinger).
import {
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LineData,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import type { Candle } from '../../calc/candles.ts';
import {
  BB_PERIOD,
  BB_WIDTH,
  EMA_PERIOD,
  MA_PERIOD,
  bollinger,
  ema,
  sma,
  type IndicatorSet,
} from '../../calc/indicators.ts';

export function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  ma: ISeriesApi<'Line'>;
  ema: ISeriesApi<'Line'>;
  bbUpper: ISeriesApi<'Line'>;
  bbMiddle: ISeriesApi<'Line'>;
  bbLower: ISeriesApi<'Line'>;
  fills: ISeriesMarkersPluginApi<Time>;
}

export const INDICATOR_COLOURS = { ma: '#f0b90b', ema: '#c770f0', bb: '#4aa3ff' } as const;

/** Dark chart with candles, a volume overlay and the indicator lines, created once per mount. */
export function createSeries(container: HTMLElement): Series {
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
  // Indicator lines never move the scale's last-value label or the crosshair marker: the candles own those.
  const line = (color: string, style: LineStyle = LineStyle.Solid) =>
    chart.addSeries(LineSeries, {
      color,
      lineWidth: 1,
      lineStyle: style,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
      autoscaleInfoProvider: () => null,
    });
  return {
    chart,
    candles,
    volume,
    ma: line(INDICATOR_COLOURS.ma),
    ema: line(INDICATOR_COLOURS.ema),
    bbUpper: line(INDICATOR_COLOURS.bb, LineStyle.Dotted),
    bbMiddle: line(INDICATOR_COLOURS.bb),
    bbLower: line(INDICATOR_COLOURS.bb, LineStyle.Dotted),
    fills: createSeriesMarkers(candles, []),
  };
}

/** Shows or hides each indicator's series. */
export function applyIndicatorVisibility(series: Series, set: IndicatorSet): void {
  series.volume.applyOptions({ visible: set.volume });
  series.ma.applyOptions({ visible: set.ma });
  series.ema.applyOptions({ visible: set.ema });
  for (const band of [series.bbUpper, series.bbMiddle, series.bbLower]) band.applyOptions({ visible: set.bb });
}

type Point = LineData<Time> | WhitespaceData<Time>;

/** Recomputes every indicator over the drawn bars (a few thousand at most: well under a millisecond). */
export function drawIndicators(series: Series, bars: readonly Candle[], time: (c: Candle) => UTCTimestamp): void {
  const closes = bars.map((c) => c.close);
  const points = (values: readonly (number | null)[]): Point[] =>
    values.map((value, i) => (value === null ? { time: time(bars[i]!) } : { time: time(bars[i]!), value }));
  series.ma.setData(points(sma(closes, MA_PERIOD)));
  series.ema.setData(points(ema(closes, EMA_PERIOD)));
  const bands = bollinger(closes, BB_PERIOD, BB_WIDTH);
  series.bbUpper.setData(points(bands.map((b) => b?.upper ?? null)));
  series.bbMiddle.setData(points(bands.map((b) => b?.middle ?? null)));
  series.bbLower.setData(points(bands.map((b) => b?.lower ?? null)));
}

/** The live bar moved: only the indicators' last point changes, so update() it rather than setData(). */
export function updateIndicators(series: Series, bars: readonly Candle[], time: UTCTimestamp): void {
  // Over all bars (the EMA's last value depends on every one): O(n) for a few thousand bars, once per kline message.
  const closes = bars.map((c) => c.close);
  const last = <T>(values: readonly (T | null)[]) => values[values.length - 1] ?? null;
  const put = (line: ISeriesApi<'Line'>, value: number | null) => {
    if (value !== null) line.update({ time, value });
  };
  put(series.ma, last(sma(closes, MA_PERIOD)));
  put(series.ema, last(ema(closes, EMA_PERIOD)));
  const band = last(bollinger(closes, BB_PERIOD, BB_WIDTH));
  put(series.bbUpper, band?.upper ?? null);
  put(series.bbMiddle, band?.middle ?? null);
  put(series.bbLower, band?.lower ?? null);
}
