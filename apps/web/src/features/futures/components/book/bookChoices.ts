// The book's view and grouping, remembered on this device: a trader who reads the book at 10 keeps it at 10. The
// grouping is remembered per market (its steps are the market's own): BTCUSDT's under the key it always had.
import { DEFAULT_SYMBOL } from '../../markets/symbols.ts';

export type BookView = 'ladder' | 'depth';
export const BOOK_VIEWS: readonly BookView[] = ['ladder', 'depth'];

const PRECISION_KEY = 'bookPrecision';
const VIEW_KEY = 'bookView';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the defaults
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // not remembered; still applied on this page
  }
}

/** Where a market's grouping is remembered. */
export const precisionKey = (symbol: string): string =>
  symbol === DEFAULT_SYMBOL ? PRECISION_KEY : `${PRECISION_KEY}.${symbol}`;

export function parseView(stored: string | null): BookView {
  return stored === 'depth' ? 'depth' : 'ladder';
}

/** The grouping label last chosen in `symbol`'s book, or null (the book then opens at the market's default). */
export const storedPrecision = (symbol: string): string | null => read(precisionKey(symbol));
export const storedView = (): BookView => parseView(read(VIEW_KEY));
export const rememberPrecision = (symbol: string, label: string): void => write(precisionKey(symbol), label);
export const rememberView = (view: BookView): void => write(VIEW_KEY, view);
