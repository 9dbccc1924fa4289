/** Order history presentation (seed 000 §3/§9): label tables, the fee shown, CSV export. */
import type { FuturesHistoryRow } from '@tickline/protocol';
import { PRICE_SCALE, QTY_SCALE, USDT_SCALE } from '@tickline/money';
import { csvDecimal, toCsv } from '../../../lib/csv.ts';
import { rowSymbol } from '../markets/symbols.ts';

/** orderPath 1 LIMIT, 2 MARKET, 3 STOP LIMIT, 4 STOP MARKET, 5 LIQUIDATION. */
export const ORDER_PATH_LABELS: Record<number, string> = {
  1: 'LIMIT',
  2: 'MARKET',
  3: 'STOP LIMIT',
  4: 'STOP MARKET',
  5: 'LIQUIDATION',
};
/** History position 1 BUY, 2 SELL, 3 LIQUIDATION, 4 CLOSE. */
export const HISTORY_POSITION_LABELS: Record<number, string> = { 1: 'BUY', 2: 'SELL', 3: 'LIQUIDATION', 4: 'CLOSE' };

export const orderPathLabel = (path: number) => ORDER_PATH_LABELS[path] ?? String(path);
export const historyPositionLabel = (position: number) => HISTORY_POSITION_LABELS[position] ?? String(position);

/** Seed 000 §9: the close fee for position types 3 and 4 (liquidation, close), else the open fee. */
export function historyFee(row: Pick<FuturesHistoryRow, 'position' | 'openOrderFee' | 'closeOrderFee'>): number {
  return row.position === 3 || row.position === 4 ? row.closeOrderFee : row.openOrderFee;
}

/** #34: the row's market after the time; amounts are in its base asset (BTC, ETH...), so the header names none. */
export const HISTORY_CSV_COLUMNS = [
  'Time',
  'Symbol',
  'Type',
  'Side',
  'Price',
  'Close Price',
  'Amount',
  'Fee (USDT)',
  'Realized PnL (USDT)',
];

/** One history row's CSV cells: labels as shown, money as exact decimals at its scale (no thousands separators). */
export function historyCsvCells(row: FuturesHistoryRow): string[] {
  return [
    row.insertDate,
    rowSymbol(row),
    orderPathLabel(row.orderPath),
    historyPositionLabel(row.position),
    csvDecimal(row.price, PRICE_SCALE),
    csvDecimal(row.closePrice, PRICE_SCALE),
    csvDecimal(row.volume, QTY_SCALE),
    csvDecimal(historyFee(row), USDT_SCALE),
    csvDecimal(row.realizedProfit, USDT_SCALE),
  ];
}

/** The history as CSV. */
export function historyCsv(rows: readonly FuturesHistoryRow[]): string {
  return toCsv(HISTORY_CSV_COLUMNS, rows.map(historyCsvCells));
}
