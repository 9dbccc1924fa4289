import type { Unsubscribe } from './types.ts';

/** A typed set of callbacks; one throwing listener does not stop the others. */
export class Listeners<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  add(listener: (...args: Args) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...args: Args): void {
    for (const listener of this.listeners) {
      try {
        listener(...args);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
