import { useSyncExternalStore } from 'react';

/**
 * A small external store for stream data: writers (socket handlers) set values as messages arrive, outside React;
 * readers are told at most once per animation frame, and only readers of keys that changed. So 2,000 depth
 * messages a second cost one render of the book per frame, not 2,000.
 */
export type Schedule = (flush: () => void) => void;

const defaultSchedule: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

export class FrameStore<State extends object> {
  private published: State;
  private pending: Partial<State> = {};
  private dirty = false;
  private readonly listeners = new Map<keyof State, Set<() => void>>();

  constructor(
    initial: State,
    private readonly schedule: Schedule = defaultSchedule,
  ) {
    this.published = initial;
  }

  /** Latest published value of `key` (what readers see this frame). */
  get<K extends keyof State>(key: K): State[K] {
    return this.published[key];
  }

  /** Value set but maybe not yet published (writers that fold updates read this). */
  latest<K extends keyof State>(key: K): State[K] {
    return key in this.pending ? (this.pending[key] as State[K]) : this.published[key];
  }

  set<K extends keyof State>(key: K, value: State[K]): void {
    this.pending[key] = value;
    if (this.dirty) return;
    this.dirty = true;
    this.schedule(this.flush);
  }

  subscribe<K extends keyof State>(key: K, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Publishes everything set since the last frame. */
  readonly flush = (): void => {
    this.dirty = false;
    const changed = this.pending;
    this.pending = {};
    const keys = (Object.keys(changed) as (keyof State)[]).filter((key) => changed[key] !== this.published[key]);
    if (keys.length === 0) return;
    this.published = { ...this.published, ...changed };
    for (const key of keys) for (const listener of this.listeners.get(key) ?? []) listener();
  };
}

const unsubscribed = () => () => undefined;

/** Reads one key of a FrameStore in a component; re-renders at most once per frame when it changes. */
export function useFrameValue<State extends object, K extends keyof State>(store: FrameStore<State>, key: K): State[K] {
  return useSyncExternalStore(
    (listener) => store.subscribe(key, listener),
    () => store.get(key),
    () => store.get(key),
  );
}

/**
 * As useFrameValue while `enabled`; otherwise returns `fallback` and does not re-render on changes (a trade panel
 * needs the live price only while it follows it).
 */
export function useFrameValueWhen<State extends object, K extends keyof State>(
  store: FrameStore<State>,
  key: K,
  enabled: boolean,
  fallback: State[K],
): State[K] {
  const read = () => (enabled ? store.get(key) : fallback);
  return useSyncExternalStore(enabled ? (listener) => store.subscribe(key, listener) : unsubscribed, read, read);
}
