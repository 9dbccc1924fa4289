// CSV of the terminal's history tabs, built on the /trade/history export code (toCsv, allPages, the history cells).
import { PRICE_SCALE, QTY_SCALE, USDT_SCALE } from '@tickline/money';
import type { FuturesHistoryRow } from '@tickline/protocol';
import type { FundingRow } from '@tickline/protocol/routes';
import { csvDecimal, toCsv } from '../../../../lib/csv.ts';
import { HISTORY_CSV_COLUMNS, historyCsvCells } from '../../calc/history.ts';

/** The server sends funding rates in parts per million of a fraction (0.0001 = 0.01 %). */
export const FUNDING_RATE_SCALE = 6;

/** Order history with the status column, so a cancelled order is told from a fill. */
export function orderHistoryCsv(rows: readonly FuturesHistoryRow[]): string {
  return toCsv(
    [...HISTORY_CSV_COLUMNS, 'Status'],
    rows.map((row) => [...historyCsvCells(row), row.status === 'cancelled' ? 'CANCELLED' : 'FILLED']),
  );
}

export const FUNDING_CSV_COLUMNS = [
  'Time',
  'Symbol',
  'Side',
  'Size',
  'Mark Price',
  'Funding Rate',
  'Amount (USDT)',
] as const;

/** Funding settlements; the amount is signed (negative paid, positive received). */
export function fundingCsv(rows: readonly FundingRow[]): string {
  return toCsv(
    FUNDING_CSV_COLUMNS,
    rows.map((row) => [
      row.time,
      row.symbol,
      row.position === 1 ? 'LONG' : 'SHORT',
      csvDecimal(row.volume, QTY_SCALE),
      csvDecimal(row.markPrice, PRICE_SCALE),
      csvDecimal(row.fundingRate, FUNDING_RATE_SCALE),
      csvDecimal(row.amount, USDT_SCALE),
    ]),
  );
}
