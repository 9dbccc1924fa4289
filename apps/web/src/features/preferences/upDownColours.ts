// Which colour means "up": green up / red down (the default in every language: seed 000's "green if positive" and
// green up arrow, PRODUCT.md §7c) or red up / green down for traders who read prices that way. Kept in local storage
// and applied as <html data-updown>, which tokens.css turns into --up / --down (and --up-soft / --down-soft).
import { storedPreference } from '../../lib/storedPreference.ts';

export type UpDownColours = 'red-up' | 'green-up';

export const DEFAULT_UP_DOWN_COLOURS: UpDownColours = 'green-up';
export const UP_DOWN_STORAGE_KEY = 'upDownColours';

/** A stored value, or the default for anything else (nothing stored, an old or foreign value). */
export function parseUpDownColours(stored: string | null | undefined): UpDownColours {
  return stored === 'red-up' || stored === 'green-up' ? stored : DEFAULT_UP_DOWN_COLOURS;
}

const preference = storedPreference({
  key: UP_DOWN_STORAGE_KEY,
  parse: parseUpDownColours,
  onApply: (value) => {
    document.documentElement.dataset.updown = value;
  },
});

/** Called once before the first render (main.tsx), so the first frame already has the user's colours. */
export const initUpDownColours = (): void => preference.init();
export const getUpDownColours = (): UpDownColours => preference.get();
export const setUpDownColours = (next: UpDownColours): void => preference.set(next);
export const subscribeUpDownColours = (listener: () => void): (() => void) => preference.subscribe(listener);

/** The resolved colours for code that paints without CSS (canvas charts): e.g. { up: '#f6465d', down: '#0ecb81' }. */
export function readMarketColours(): { up: string; down: string } {
  const style = getComputedStyle(document.documentElement);
  return { up: style.getPropertyValue('--up').trim(), down: style.getPropertyValue('--down').trim() };
}
