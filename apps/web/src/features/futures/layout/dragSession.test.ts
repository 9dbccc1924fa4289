import { describe, expect, it } from 'vitest';
import { startDrag } from './dragSession.ts';

function frames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    schedule: (callback: () => void) => {
      queue.set(next, callback);
      return next++;
    },
    cancel: (handle: number) => void queue.delete(handle),
    run() {
      const callbacks = [...queue.values()];
      queue.clear();
      for (const callback of callbacks) callback();
    },
  };
}

describe('a panel drag', () => {
  it('applies many pointer moves of one frame once, with the last position', () => {
    const frame = frames();
    const applied: number[] = [];
    const drag = startDrag({
      start: 300,
      origin: 1000,
      direction: -1,
      clamp: (size) => size,
      apply: (size) => applied.push(size),
      ...frame,
    });
    for (let x = 999; x >= 950; x--) drag.move(x);
    expect(applied).toEqual([]);
    frame.run();
    expect(applied).toEqual([350]);
    drag.move(940);
    drag.move(930);
    frame.run();
    expect(applied).toEqual([350, 370]);
  });

  it('clamps every size and ends on the last one without waiting for a frame', () => {
    const frame = frames();
    const applied: number[] = [];
    const drag = startDrag({
      start: 250,
      origin: 500,
      direction: -1,
      clamp: (size) => Math.min(400, Math.max(150, size)),
      apply: (size) => applied.push(size),
      ...frame,
    });
    drag.move(0);
    expect(drag.end()).toBe(400);
    expect(applied).toEqual([400]);
    frame.run();
    expect(applied).toEqual([400]);
  });

  it('a click without a move changes nothing', () => {
    const applied: number[] = [];
    const drag = startDrag({ start: 330, origin: 10, direction: -1, clamp: (s) => s, apply: (s) => applied.push(s) });
    expect(drag.end()).toBe(330);
    expect(applied).toEqual([]);
  });
});
