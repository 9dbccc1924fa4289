import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { DEFAULT_SIZES, PANEL_LIMITS, type Panel } from './panelSizes.ts';
import { startDrag, type DragSession } from './dragSession.ts';
import type { PanelLayout } from './usePanelLayout.ts';
import styles from '../futures.module.css';

const KEY_STEP = 16;

/**
 * A drag handle on the edge of a panel (a window splitter for assistive tech). The column handles sit on the left
 * edge of the book and trade columns, the row handle on the top edge of the positions row: dragging left or up grows
 * the panel. Arrow keys move it by 16 px; a double click puts that panel back to its default size.
 */
export function ResizeHandle({ panel, layout, label }: { panel: Panel; layout: PanelLayout; label: string }) {
  const drag = useRef<DragSession | null>(null);
  const vertical = panel !== 'bottom';
  const coordinate = (event: PointerEvent) => (vertical ? event.clientX : event.clientY);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = startDrag({
      start: layout.sizes[panel],
      origin: coordinate(event),
      direction: -1,
      clamp: (size) => layout.clamp(panel, size),
      apply: (size) => layout.preview(panel, size),
    });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => drag.current?.move(coordinate(event));
  const finish = () => {
    const session = drag.current;
    drag.current = null;
    if (session) layout.commit(panel, session.end());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const grow = vertical ? { ArrowLeft: 1, ArrowRight: -1 } : { ArrowUp: 1, ArrowDown: -1 };
    const sign = grow[event.key as keyof typeof grow];
    if (sign === undefined) return;
    event.preventDefault();
    const size = layout.clamp(panel, layout.sizes[panel] + sign * KEY_STEP);
    layout.preview(panel, size);
    layout.commit(panel, size);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-valuemin={PANEL_LIMITS[panel].min}
      aria-valuemax={PANEL_LIMITS[panel].max}
      aria-valuenow={layout.sizes[panel]}
      className={styles.resizeHandle}
      data-panel={panel}
      data-testid={`resize-${panel}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={finish}
      onPointerCancel={finish}
      onKeyDown={onKeyDown}
      onDoubleClick={() => {
        layout.preview(panel, DEFAULT_SIZES[panel]);
        layout.commit(panel, DEFAULT_SIZES[panel]);
      }}
    />
  );
}
