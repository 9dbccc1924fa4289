/**
 * A choice kept in local storage and applied at once (the language aside: colours, time zone): read before the first
 * render, followed when another tab changes it, and announced to subscribers so code outside React repaints.
 */
export interface StoredPreference<T extends string> {
  /** Called once before the first render (main.tsx); another tab's change is followed from then on. */
  init(): void;
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function storedPreference<T extends string>(options: {
  key: string;
  /** A stored value, or the default for anything else (nothing stored, an old or foreign value). */
  parse: (stored: string | null) => T;
  /** Side effect of a new value beyond telling subscribers (e.g. an attribute on <html>). */
  onApply?: (value: T) => void;
}): StoredPreference<T> {
  let current = options.parse(null);
  const listeners = new Set<() => void>();

  const readStored = (): T => {
    try {
      return options.parse(window.localStorage.getItem(options.key));
    } catch {
      return options.parse(null); // storage blocked
    }
  };
  const apply = (next: T): void => {
    current = next;
    options.onApply?.(next);
    for (const listener of listeners) listener();
  };

  return {
    init() {
      apply(readStored());
      // Another tab changed it: follow, so two open screens never disagree.
      window.addEventListener('storage', (event) => {
        if (event.key === options.key) apply(readStored());
      });
    },
    get: () => current,
    set(next) {
      try {
        window.localStorage.setItem(options.key, next);
      } catch {
        // not persisted; still applied to this page
      }
      apply(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
