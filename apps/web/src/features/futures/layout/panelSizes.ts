/**
 * The /futures panel sizes a trader can drag (#33 item 6): the order book column, the trade panel column and the
 * positions row, in CSS pixels. Kept in localStorage; a stored value outside its limits is pulled back in, a broken or
 * missing one falls back to the default.
 */

export type Panel = 'book' | 'trade' | 'bottom';
export type PanelSizes = Record<Panel, number>;

export const PANEL_LIMITS: Record<Panel, { min: number; max: number; initial: number }> = {
  book: { min: 220, max: 520, initial: 300 },
  trade: { min: 290, max: 480, initial: 330 },
  bottom: { min: 150, max: 520, initial: 250 },
};
export const PANELS = Object.keys(PANEL_LIMITS) as Panel[];
export const DEFAULT_SIZES: PanelSizes = { book: 300, trade: 330, bottom: 250 };

/** The CSS custom property each size is published as on the screen element (styles/layout.css reads them). */
export const SIZE_VARIABLES: Record<Panel, string> = {
  book: '--futures-book-w',
  trade: '--futures-trade-w',
  bottom: '--futures-bottom-h',
};

export const STORAGE_KEY = 'tickline.futures.layout.v1';

/** The chart keeps at least this width and height, whatever the other panels ask for. */
const CHART_MIN_WIDTH = 420;
const CHART_MIN_HEIGHT = 320;

export function clampSize(panel: Panel, size: number, roomMax = Number.POSITIVE_INFINITY): number {
  const { min, max } = PANEL_LIMITS[panel];
  if (!Number.isFinite(size)) return PANEL_LIMITS[panel].initial;
  return Math.round(Math.max(min, Math.min(max, roomMax, size)));
}

/**
 * The largest size a panel may take in a screen of this box with the other sizes as they are: the chart keeps its
 * minimum. Never below the panel's own minimum (a small window then scrolls inside the panels, not the page).
 */
export function roomFor(panel: Panel, sizes: PanelSizes, box: { width: number; height: number }): number {
  const room =
    panel === 'bottom'
      ? box.height - CHART_MIN_HEIGHT
      : box.width - CHART_MIN_WIDTH - (panel === 'book' ? sizes.trade : sizes.book);
  return Math.max(PANEL_LIMITS[panel].min, room);
}

export function parseSizes(raw: string | null): PanelSizes {
  let stored: Partial<Record<Panel, unknown>> = {};
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object') stored = parsed as Partial<Record<Panel, unknown>>;
  } catch {
    // A value another version wrote, or garbage: the defaults.
  }
  const sizes = { ...DEFAULT_SIZES };
  for (const panel of PANELS) {
    const value = stored[panel];
    if (typeof value === 'number') sizes[panel] = clampSize(panel, value);
  }
  return sizes;
}

export function isDefault(sizes: PanelSizes): boolean {
  return PANELS.every((panel) => sizes[panel] === DEFAULT_SIZES[panel]);
}

export function loadSizes(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): PanelSizes {
  try {
    return parseSizes(storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return { ...DEFAULT_SIZES };
  }
}

export function saveSizes(
  sizes: PanelSizes,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage(),
) {
  try {
    if (isDefault(sizes)) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(sizes));
  } catch {
    // Storage full or blocked: the sizes hold for this page only.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
