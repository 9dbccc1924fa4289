import type { PositionRow } from '@tickline/protocol';
import { rowSymbol } from '../markets/symbols.ts';

/**
 * A position push folded into the cached list (#34: one position per market): it replaces its market's row or joins
 * the list; a closed position (null) removes the row of the market the message names. Null when the list must be
 * read again instead: a closed position without a market (a server from before the field) while more than one is
 * listed.
 */
export function applyPositionEvent(
  current: readonly PositionRow[] | undefined,
  position: PositionRow | null,
  symbol?: string,
): PositionRow[] | null {
  const rows = current ?? [];
  if (position === null) {
    if (symbol !== undefined) return rows.filter((row) => rowSymbol(row) !== symbol);
    return rows.length <= 1 ? [] : null;
  }
  const index = rows.findIndex((row) => rowSymbol(row) === rowSymbol(position));
  if (index === -1) return [...rows, position];
  return rows.map((row, at) => (at === index ? position : row));
}
