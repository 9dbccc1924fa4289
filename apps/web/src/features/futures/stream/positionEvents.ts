import type { PositionRow } from '@tickline/protocol';
import { rowSymbol } from '../markets/symbols.ts';

/**
 * A position push folded into the cached list (#34: one position per market): it replaces its market's row or joins
 * the list. A closed position arrives as null without its market, so the caller reloads the list instead.
 */
export function applyPositionEvent(current: readonly PositionRow[] | undefined, position: PositionRow): PositionRow[] {
  const symbol = rowSymbol(position);
  const rows = current ?? [];
  const index = rows.findIndex((row) => rowSymbol(row) === symbol);
  if (index === -1) return [...rows, position];
  return rows.map((row, at) => (at === index ? position : row));
}
