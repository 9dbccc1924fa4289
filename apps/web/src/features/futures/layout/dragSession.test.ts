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

/** A drag from `start` at pointer `origin`, growing as the pointer moves left, that records what it applies. */
function recordedDrag(start: number, origin: number, clamp: (size: number) => number, frame = frames()) {
  const applied: number[] = [];
  const drag = startDrag({ start, origin, direction: -1, clamp, apply: (size) => applied.push(size), ...frame });
  return { drag, applied, frame };
}

describe('a panel drag', () => {
  it('applies many pointer moves of one frame once, with the last position', () => {
    const { drag, applied, frame } = recordedDrag(300, 1000, (size) => size);
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
    const { drag, applied, frame } = recordedDrag(250, 500, (size) => Math.min(400, Math.max(150, size)));
    drag.move(0);
    expect(drag.end()).toBe(400);
    expect(applied).toEqual([400]);
    frame.run();
    expect(applied).toEqual([400]);
  });

  it('a click without a move changes nothing', () => {
    const { drag, applied } = recordedDrag(330, 10, (size) => size);
    expect(drag.end()).toBe(330);
    expect(applied).toEqual([]);
  });
});
