import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSize,
  DEFAULT_SIZES,
  loadSizes,
  PANEL_LIMITS,
  PANELS,
  parseSizes,
  roomFor,
  saveSizes,
  STORAGE_KEY,
} from './panelSizes.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('panel sizes', () => {
  it('the defaults sit inside the limits', () => {
    for (const panel of PANELS) {
      expect(DEFAULT_SIZES[panel]).toBe(PANEL_LIMITS[panel].initial);
      expect(clampSize(panel, DEFAULT_SIZES[panel])).toBe(DEFAULT_SIZES[panel]);
    }
  });

  it('any stored value comes back inside its limits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PANELS), fc.double(), (panel, size) => {
        const parsed = parseSizes(JSON.stringify({ [panel]: size }))[panel];
        expect(parsed).toBeGreaterThanOrEqual(PANEL_LIMITS[panel].min);
        expect(parsed).toBeLessThanOrEqual(PANEL_LIMITS[panel].max);
        expect(Number.isInteger(parsed)).toBe(true);
      }),
    );
  });

  it('garbage, other types and missing keys fall back to the defaults', () => {
    expect(parseSizes(null)).toEqual(DEFAULT_SIZES);
    expect(parseSizes('{not json')).toEqual(DEFAULT_SIZES);
    expect(parseSizes('"text"')).toEqual(DEFAULT_SIZES);
    expect(parseSizes(JSON.stringify({ book: '400', trade: 400 }))).toEqual({ ...DEFAULT_SIZES, trade: 400 });
  });

  it('saves a changed layout and forgets a default one', () => {
    const storage = memoryStorage();
    saveSizes({ ...DEFAULT_SIZES, book: 410 }, storage);
    expect(loadSizes(storage)).toEqual({ ...DEFAULT_SIZES, book: 410 });
    saveSizes(DEFAULT_SIZES, storage);
    expect(storage.items.has(STORAGE_KEY)).toBe(false);
    expect(loadSizes(storage)).toEqual(DEFAULT_SIZES);
  });

  it('the chart keeps its room: a column never grows past what the screen width leaves', () => {
    const box = { width: 1440, height: 780 };
    const room = roomFor('book', DEFAULT_SIZES, box);
    expect(clampSize('book', 10_000, room)).toBe(Math.min(PANEL_LIMITS.book.max, 1440 - 420 - DEFAULT_SIZES.trade));
    expect(clampSize('bottom', 10_000, roomFor('bottom', DEFAULT_SIZES, box))).toBe(460);
    // A window too small for the chart's minimum still lets a panel keep its own minimum.
    expect(clampSize('trade', 100, roomFor('trade', DEFAULT_SIZES, { width: 600, height: 300 }))).toBe(
      PANEL_LIMITS.trade.min,
    );
  });
});
