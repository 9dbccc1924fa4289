import { add, type MicroUsdt } from '@tickline/money';
import type { FuturesHistoryPage } from '@tickline/protocol';
import type { fetchFundingPage } from '../tabs/api.ts';
import { lotsOf, microsOf } from '../../../../lib/units.ts';

// #33 item 4 "funding paid/received": the position view has no opening time and the server's position code is not
// ours to change this session (docs/decisions.md "Funding since open is worked out in the browser"), so the opening
// time comes from the user's own fills and the sum from their funding history.

export type Fill = FuturesHistoryPage['orders'][number];
export type FundingRow = Awaited<ReturnType<typeof fetchFundingPage>>['rows'][number];

/** History `position` codes that add to the position (1 buy, 2 sell); 3 liquidation and 4 close reduce it. */
const opens = (fill: Fill) => fill.position === 1 || fill.position === 2;

/**
 * When the current position opened (epoch ms): walking the fills newest first, the opening fills are taken off
 * and the closing ones added back to the present size until nothing is left; the fill that empties it opened the
 * position. Null when the fills given do not reach back that far (the caller loads older ones).
 */
export function openedAtMs(fillsNewestFirst: readonly Fill[], volumeLots: number, symbol: string): number | null {
  let remaining = volumeLots;
  for (const fill of fillsNewestFirst) {
    if (fill.status === 'cancelled' || fill.symbol !== symbol) continue;
    remaining = add(remaining, opens(fill) ? -lotsOf(fill.volume) : lotsOf(fill.volume));
    if (remaining <= 0) return Date.parse(fill.insertDate);
  }
  return null;
}

/**
 * The signed sum of the funding settled in `symbol`'s market since `openedAt` (received positive, paid negative), in
 * micro-USDT.
 */
export function fundingSinceOpen(rows: readonly FundingRow[], openedAt: number, symbol: string): MicroUsdt {
  let sum: MicroUsdt = 0;
  for (const row of rows)
    if (row.symbol === symbol && Date.parse(row.time) >= openedAt) sum = add(sum, microsOf(row.amount));
  return sum;
}

/** True once the funding rows (newest first) reach back before `openedAt`: no older page can add to the sum. */
export const reachesBefore = (rowsNewestFirst: readonly { time: string }[], openedAt: number): boolean => {
  const oldest = rowsNewestFirst[rowsNewestFirst.length - 1];
  return oldest !== undefined && Date.parse(oldest.time) < openedAt;
};
