// The O H L C, change % and volume of the bar under the crosshair (the live bar otherwise), written straight into the
// DOM: the crosshair moves every frame and React need not know.
import type { CandlestickData, HistogramData, IChartApi, ISeriesApi, MouseEventParams, Time } from 'lightweight-charts';

export interface ReadoutBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ReadoutText {
  /** Read at each render, so a language change shows without rebuilding the chart. */
  labels(): { open: string; high: string; low: string; close: string; volume: string };
  price(value: number): string;
  volume(value: number): string;
}

/** Change of the bar in percent of its open, two decimals with a sign (a display figure, not money). */
export function changePercent(bar: ReadoutBar): string {
  if (bar.open === 0) return '0.00%';
  const change = ((bar.close - bar.open) / bar.open) * 100;
  return `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;
}

export function attachReadout(
  chart: IChartApi,
  candles: ISeriesApi<'Candlestick'>,
  volume: ISeriesApi<'Histogram'>,
  element: HTMLElement,
  text: ReadoutText,
): { showLive(bar: ReadoutBar | undefined): void; dispose(): void } {
  let live: ReadoutBar | undefined;
  let hovering = false;
  const render = (bar: ReadoutBar | undefined) => {
    if (!bar) {
      element.textContent = '';
      return;
    }
    const tone = bar.close >= bar.open ? 'var(--up, #0ecb81)' : 'var(--down, #f6465d)';
    const labels = text.labels();
    const cells: [string, string][] = [
      [labels.open, text.price(bar.open)],
      [labels.high, text.price(bar.high)],
      [labels.low, text.price(bar.low)],
      [labels.close, text.price(bar.close)],
      ['', changePercent(bar)],
      [labels.volume, text.volume(bar.volume)],
    ];
    element.replaceChildren(
      ...cells.map(([label, value]) => {
        const cell = document.createElement('span');
        const figure = document.createElement('b');
        figure.style.color = tone;
        figure.textContent = value;
        cell.append(label ? `${label} ` : '', figure);
        return cell;
      }),
    );
  };
  const onMove = (param: MouseEventParams<Time>) => {
    const candle =
      param.time === undefined ? undefined : (param.seriesData.get(candles) as CandlestickData | undefined);
    hovering = candle !== undefined && 'open' in candle;
    if (!hovering || !candle) return render(live);
    const bar = param.seriesData.get(volume) as HistogramData | undefined;
    render({ open: candle.open, high: candle.high, low: candle.low, close: candle.close, volume: bar?.value ?? 0 });
  };
  chart.subscribeCrosshairMove(onMove);
  return {
    showLive(bar) {
      live = bar;
      if (!hovering) render(bar);
    },
    dispose: () => chart.unsubscribeCrosshairMove(onMove),
  };
}
