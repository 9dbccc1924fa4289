/**
 * One drag of a panel handle: pointer moves are coalesced to one size per animation frame, written straight to a CSS
 * custom property (no React render); the size is handed to React once, when the pointer lets go.
 */

export interface DragOptions {
  /** The size when the drag started. */
  start: number;
  /** Pointer coordinate (x for columns, y for the row) when the drag started. */
  origin: number;
  /** +1 when moving the pointer towards larger coordinates grows the panel, -1 when it shrinks it. */
  direction: 1 | -1;
  clamp(size: number): number;
  /** Writes a size to the page (the CSS variable); called at most once per frame. */
  apply(size: number): void;
  schedule?: (callback: () => void) => number;
  cancel?: (handle: number) => void;
}

export interface DragSession {
  move(coordinate: number): void;
  /** Ends the drag; returns the final size (already applied). */
  end(): number;
}

export function startDrag(options: DragOptions): DragSession {
  const schedule = options.schedule ?? ((callback: () => void) => requestAnimationFrame(callback));
  const cancel = options.cancel ?? ((handle: number) => cancelAnimationFrame(handle));
  let size = options.start;
  let applied = options.start;
  let frame: number | null = null;

  const flush = () => {
    frame = null;
    if (size === applied) return;
    applied = size;
    options.apply(size);
  };

  return {
    move(coordinate) {
      size = options.clamp(options.start + options.direction * (coordinate - options.origin));
      if (frame === null) frame = schedule(flush);
    },
    end() {
      if (frame !== null) cancel(frame);
      flush();
      return size;
    },
  };
}
