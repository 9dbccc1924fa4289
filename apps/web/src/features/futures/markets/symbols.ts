// Which market the futures screen shows, and which rows a table lists (#34 item 5): pure, so tested alone.
import { formatDecimal, PRICE_SCALE, QTY_SCALE, type QtyLots } from '@tickline/money';

/** The seeds' market: `/futures` shows it, and a row without a symbol belongs to it. */
export const DEFAULT_SYMBOL = 'BTCUSDT';

/** What a market symbol may look like in an address, before the server's list says whether it exists. */
const SYMBOL_SHAPE = /^[A-Z0-9]{2,20}$/;

/**
 * The symbol of `/futures/{param}`: the default for `/futures`, the upper-cased param when it is shaped like one and
 * listed (or while the list is still loading), else null (the route then goes to `/futures`).
 */
export function routeSymbol(param: string | undefined, listed: readonly string[] | undefined): string | null {
  if (param === undefined || param === '') return DEFAULT_SYMBOL;
  const symbol = param.toUpperCase();
  if (!SYMBOL_SHAPE.test(symbol)) return null;
  if (listed === undefined) return symbol;
  return listed.includes(symbol) ? symbol : null;
}

/**
 * `symbol` for a trading call's body or query: left out for BTCUSDT, so the seeds' calls go out exactly as before
 * (the server's default is BTCUSDT).
 */
export const marketField = (symbol: string | undefined): { symbol?: string } =>
  symbol === undefined || symbol === DEFAULT_SYMBOL ? {} : { symbol };

/** The address of a market's screen. */
export const futuresPath = (symbol: string): string => `/futures/${symbol}`;

/** A row's market: rows written before #34 carry none and are BTCUSDT's. */
export const rowSymbol = (row: { symbol?: string | undefined }): string => row.symbol ?? DEFAULT_SYMBOL;

/** The asset a market's sizes are counted in: ETH of ETHUSDT (every market is quoted in USDT). */
export const baseOf = (symbol: string): string => (symbol.endsWith('USDT') ? symbol.slice(0, -4) : symbol);

/** A seeded label counted in BTC, e.g. "Size (BTC)", for another market's rows: "Size (ETH)". */
export const baseLabel = (label: string, symbol: string): string => label.replace('(BTC)', `(${baseOf(symbol)})`);

/** The tables' symbol filter: every market, or one. */
export type SymbolFilter = 'all' | string;

export function filterBySymbol<Row extends { symbol?: string | undefined }>(
  rows: readonly Row[],
  filter: SymbolFilter,
): readonly Row[] {
  return filter === 'all' ? rows : rows.filter((row) => rowSymbol(row) === filter);
}

/** The selector's search: markets whose symbol or base asset contains the query, any case; all for an empty one. */
export function searchMarkets<Market extends { symbol: string; baseAsset: string }>(
  markets: readonly Market[],
  query: string,
): readonly Market[] {
  const needle = query.trim().toUpperCase();
  if (needle === '') return markets;
  return markets.filter((market) => market.symbol.includes(needle) || market.baseAsset.toUpperCase().includes(needle));
}

/** The next highlighted row of a list of `count` after an arrow key, wrapping at both ends. */
export function stepIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  return (current + step + count) % count;
}

/** The decimals a market's prices and sizes are shown with; the seeds' 2 and 4 until its rules arrive. */
export function marketDecimals(info: { priceDecimals: number; qtyDecimals: number } | undefined): {
  price: number;
  qty: number;
} {
  return { price: info?.priceDecimals ?? PRICE_SCALE, qty: Math.min(info?.qtyDecimals ?? QTY_SCALE, QTY_SCALE) };
}

/** A size in lots shown with the market's decimals (ETH 3): sizes are whole lots, so `floor` drops only zeros. */
export const sizeText = (lots: QtyLots, qtyDecimals: number): string =>
  formatDecimal(lots, QTY_SCALE, { decimals: Math.min(qtyDecimals, QTY_SCALE), rounding: 'floor' });
