import { describe, expect, it } from 'vitest';
import { FrameStore } from './frameStore.ts';

function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => queue.push(flush),
    frame: () => queue.splice(0).forEach((flush) => flush()),
    pending: () => queue.length,
  };
}

describe('FrameStore', () => {
  it('publishes many sets as one notification per frame, with the last value', () => {
    const frames = manualFrames();
    const store = new FrameStore({ depth: 0, trades: 0 }, frames.schedule);
    let depthNotified = 0;
    let tradesNotified = 0;
    store.subscribe('depth', () => depthNotified++);
    store.subscribe('trades', () => tradesNotified++);
    for (let i = 1; i <= 2000; i++) store.set('depth', i);
    expect(frames.pending()).toBe(1);
    expect(store.get('depth')).toBe(0);
    expect(store.latest('depth')).toBe(2000);
    frames.frame();
    expect(store.get('depth')).toBe(2000);
    expect(depthNotified).toBe(1);
    expect(tradesNotified).toBe(0);
  });

  it('does not notify when a key is set back to its published value', () => {
    const frames = manualFrames();
    const store = new FrameStore({ price: 1 }, frames.schedule);
    let notified = 0;
    store.subscribe('price', () => notified++);
    store.set('price', 1);
    frames.frame();
    expect(notified).toBe(0);
  });
});
