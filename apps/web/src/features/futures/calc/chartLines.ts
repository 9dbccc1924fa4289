import type { OpenOrderRow, PositionRow } from '@tickline/protocol';

export interface ChartLine {
  kind: 'entry' | 'liquidation' | 'takeProfit' | 'stopLoss' | 'order';
  price: number;
  side: 1 | 2;
}

/** Horizontal lines for the chart: the position's entry, liquidation, TP and SL (0 means unset) and each order. */
export function chartLines(position: PositionRow | null, orders: readonly OpenOrderRow[]): ChartLine[] {
  const lines: ChartLine[] = [];
  if (position) {
    const side = position.position;
    lines.push({ kind: 'entry', price: position.averagePrice, side });
    if (position.liquidationPrice > 0) lines.push({ kind: 'liquidation', price: position.liquidationPrice, side });
    if (position.takeProfit > 0) lines.push({ kind: 'takeProfit', price: position.takeProfit, side });
    if (position.stopLoss > 0) lines.push({ kind: 'stopLoss', price: position.stopLoss, side });
  }
  for (const order of orders)
    if (order.price > 0) lines.push({ kind: 'order', price: order.price, side: order.position });
  return lines;
}
