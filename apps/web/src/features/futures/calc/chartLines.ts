import type { OpenOrderRow, PositionRow } from '@tickline/protocol';

export interface ChartLine {
  kind: 'entry' | 'liquidation' | 'takeProfit' | 'stopLoss' | 'order' | 'trigger';
  price: number;
  side: 1 | 2;
  /** Orders and triggers: the order number (the × cancels it, a drag amends it). */
  no?: number;
  volume?: number;
  /** Only a resting limit: a waiting trigger cannot be amended on the server (8109), so its line does not move. */
  draggable?: boolean;
}

/** A trigger that has not fired yet: its line sits at the trigger price (a trailing stop's once activated). */
const waitingTrigger = (order: OpenOrderRow) => order.triggerType !== undefined && order.triggered !== true;

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
  for (const order of orders) {
    const common = { side: order.position, no: order.no, volume: order.volume };
    if (waitingTrigger(order)) {
      const price = order.triggerPrice || order.activationPrice || 0;
      if (price > 0) lines.push({ kind: 'trigger', price, ...common, draggable: false });
    } else if (order.price > 0) lines.push({ kind: 'order', price: order.price, ...common, draggable: true });
  }
  return lines;
}

/** A dragged pixel price to the exchange's 0.01 tick, rounded to the nearest tick (half away from zero). */
export function toTickPrice(price: number): string {
  const ticks = Math.round(Math.abs(price) * 100);
  return (ticks / 100).toFixed(2);
}
