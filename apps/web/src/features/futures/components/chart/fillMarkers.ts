// Own fills as markers on the candles: buys below the bar in green, sells above in red, closes and liquidations as
// circles; each on the bar of the chosen interval it happened in.
import type { FuturesHistoryRow } from '@tickline/protocol';
import { bucketStart, type ChartInterval } from '../../calc/candles.ts';

export interface FillMarker {
  /** Bar start in the chart's shifted seconds. */
  time: number;
  position: 'aboveBar' | 'belowBar';
  shape: 'arrowUp' | 'arrowDown' | 'circle';
  kind: 'buy' | 'sell' | 'close' | 'liquidation';
  volume: number;
  price: number;
}

/** Markers for the filled rows (cancelled ones are not fills), oldest first as the chart requires. */
export function fillMarkers(
  rows: readonly FuturesHistoryRow[],
  interval: ChartInterval,
  shiftMs: number,
  firstBarMs: number,
): FillMarker[] {
  const markers: FillMarker[] = [];
  // By fill time: the bar order follows, and fills within one bar keep the order they happened in.
  const byTime = rows
    .map((row) => ({ row, at: Date.parse(row.insertDate) }))
    .filter(({ row, at }) => row.status !== 'cancelled' && Number.isFinite(at) && at >= firstBarMs)
    .sort((a, b) => a.at - b.at);
  for (const { row, at } of byTime) {
    const time = (bucketStart(at, interval) + shiftMs) / 1000;
    const price = row.position === 4 || row.position === 3 ? row.closePrice || row.price : row.price;
    const common = { time, volume: row.volume, price };
    if (row.position === 1) markers.push({ ...common, kind: 'buy', position: 'belowBar', shape: 'arrowUp' });
    else if (row.position === 2) markers.push({ ...common, kind: 'sell', position: 'aboveBar', shape: 'arrowDown' });
    else
      markers.push({
        ...common,
        kind: row.position === 3 ? 'liquidation' : 'close',
        position: 'aboveBar',
        shape: 'circle',
      });
  }
  return markers;
}
