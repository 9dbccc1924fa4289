// The book's view and grouping, remembered on this device: a trader who reads the book at 10 keeps it at 10.
import { BOOK_PRECISIONS, type BookPrecision } from '../../calc/book.ts';

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

/** The stored grouping, or the seeds' default 0.1 for nothing or anything unknown. */
export function parsePrecision(stored: string | null): BookPrecision {
  return BOOK_PRECISIONS.find((choice) => choice === stored) ?? '0.1';
}

export function parseView(stored: string | null): BookView {
  return stored === 'depth' ? 'depth' : 'ladder';
}

export const storedPrecision = (): BookPrecision => parsePrecision(read(PRECISION_KEY));
export const storedView = (): BookView => parseView(read(VIEW_KEY));
export const rememberPrecision = (precision: BookPrecision): void => write(PRECISION_KEY, precision);
export const rememberView = (view: BookView): void => write(VIEW_KEY, view);
