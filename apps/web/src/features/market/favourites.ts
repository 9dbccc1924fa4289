import { useSyncExternalStore } from 'react';

/** Local storage key of the markets page's favourite coins (ids, as GET /market/coins names them). */
export const FAVOURITES_KEY = 'favouriteCoins';

const EMPTY: readonly string[] = [];
let cachedText: string | null = null;
let cached: readonly string[] = EMPTY;
const listeners = new Set<() => void>();

function read(): readonly string[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(FAVOURITES_KEY);
  } catch {
    return cached;
  }
  if (text === cachedText) return cached;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cached = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds or removes a coin; kept in this browser only (other tabs follow). */
export function toggleFavourite(id: string): void {
  const current = read();
  const next = current.includes(id) ? current.filter((other) => other !== id) : [...current, id];
  try {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the star simply does not stick.
  }
  for (const listener of listeners) listener();
}

export function useFavourites(): readonly string[] {
  return useSyncExternalStore(subscribe, read, read);
}
