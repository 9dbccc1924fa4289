// Which colour means "up": green up / red down (the default in every language: seed 000's "green if positive" and
// green up arrow, PRODUCT.md §7c) or red up / green down for traders who read prices that way. Kept in local storage
// and applied as <html data-updown>, which tokens.css turns into --up / --down (and --up-soft / --down-soft).

export type UpDownColours = 'red-up' | 'green-up';

export const DEFAULT_UP_DOWN_COLOURS: UpDownColours = 'green-up';
export const UP_DOWN_STORAGE_KEY = 'upDownColours';

/** A stored value, or the default for anything else (nothing stored, an old or foreign value). */
export function parseUpDownColours(stored: string | null | undefined): UpDownColours {
  return stored === 'red-up' || stored === 'green-up' ? stored : DEFAULT_UP_DOWN_COLOURS;
}

function readStored(): UpDownColours {
  try {
    return parseUpDownColours(window.localStorage.getItem(UP_DOWN_STORAGE_KEY));
  } catch {
    return DEFAULT_UP_DOWN_COLOURS; // storage blocked
  }
}

let current: UpDownColours = DEFAULT_UP_DOWN_COLOURS;
const listeners = new Set<() => void>();

function apply(next: UpDownColours): void {
  current = next;
  document.documentElement.dataset.updown = next;
  for (const listener of listeners) listener();
}

/** Called once before the first render (main.tsx), so the first frame already has the user's colours. */
export function initUpDownColours(): void {
  apply(readStored());
  // Another tab changed it: follow, so two open screens never disagree on what red means.
  window.addEventListener('storage', (event) => {
    if (event.key === UP_DOWN_STORAGE_KEY) apply(readStored());
  });
}

export const getUpDownColours = (): UpDownColours => current;

export function setUpDownColours(next: UpDownColours): void {
  try {
    window.localStorage.setItem(UP_DOWN_STORAGE_KEY, next);
  } catch {
    // not persisted; still applied to this page
  }
  apply(next);
}

export function subscribeUpDownColours(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The resolved colours for code that paints without CSS (canvas charts): e.g. { up: '#f6465d', down: '#0ecb81' }. */
export function readMarketColours(): { up: string; down: string } {
  const style = getComputedStyle(document.documentElement);
  return { up: style.getPropertyValue('--up').trim(), down: style.getPropertyValue('--down').trim() };
}
