import { DEFAULT_SYMBOL, type MarketSymbol } from '@tickline/engine';

// Every market row has a `symbol` column (#34). The engine's rows name their market in an optional `symbol`, absent
// meaning DEFAULT_SYMBOL (rows from before #34): a stored DEFAULT_SYMBOL reads back as absent, so that a row
// round-trips to exactly what the engine had, and another market's reads back as its symbol.

/** The row as the engine knows it: `symbol` only for a market other than DEFAULT_SYMBOL. */
export function withStoredSymbol<T extends { symbol?: MarketSymbol }>(row: T): T {
  if (row.symbol === DEFAULT_SYMBOL) delete row.symbol;
  return row;
}

/** `AND symbol = $n` when a read is narrowed to one market (absent: every market), with its parameter appended. */
export function symbolFilter(params: unknown[], symbol: MarketSymbol | undefined): string {
  if (symbol === undefined) return '';
  params.push(symbol);
  return ` AND symbol = $${params.length}`;
}
