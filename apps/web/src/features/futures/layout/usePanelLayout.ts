import { useCallback, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import {
  clampSize,
  DEFAULT_SIZES,
  isDefault,
  loadSizes,
  roomFor,
  saveSizes,
  SIZE_VARIABLES,
  type Panel,
  type PanelSizes,
} from './panelSizes.ts';

export interface PanelLayout {
  sizes: PanelSizes;
  /** The screen element's style: the sizes as CSS custom properties. */
  style: CSSProperties;
  customised: boolean;
  /** Clamps a size for a panel to its limits and to the room the screen has now. */
  clamp(panel: Panel, size: number): number;
  /** Writes a size to the page without a React render (during a drag). */
  preview(panel: Panel, size: number): void;
  commit(panel: Panel, size: number): void;
  reset(): void;
}

/**
 * The screen's panel sizes: read once from localStorage, published as CSS variables on the screen element, saved when
 * a drag ends. `chartRef` marks where the resizable rows start (below the ticker strip).
 */
export function usePanelLayout(
  screenRef: RefObject<HTMLElement | null>,
  chartRef: RefObject<HTMLElement | null>,
): PanelLayout {
  const [sizes, setSizes] = useState(loadSizes);
  const latest = useRef(sizes);
  latest.current = sizes;

  const clamp = useCallback(
    (panel: Panel, size: number) => {
      const screen = screenRef.current;
      if (!screen) return clampSize(panel, size);
      const top = chartRef.current?.offsetTop ?? 0;
      const box = { width: screen.clientWidth, height: screen.clientHeight - top };
      return clampSize(panel, size, roomFor(panel, latest.current, box));
    },
    [screenRef, chartRef],
  );
  const preview = useCallback(
    (panel: Panel, size: number) => screenRef.current?.style.setProperty(SIZE_VARIABLES[panel], `${size}px`),
    [screenRef],
  );
  const store = useCallback((next: PanelSizes) => {
    saveSizes(next);
    setSizes(next);
  }, []);
  const commit = useCallback(
    (panel: Panel, size: number) => {
      if (latest.current[panel] !== size) store({ ...latest.current, [panel]: size });
    },
    [store],
  );
  const reset = useCallback(() => store({ ...DEFAULT_SIZES }), [store]);

  const style = useMemo(
    () =>
      Object.fromEntries(
        (Object.keys(SIZE_VARIABLES) as Panel[]).map((panel) => [SIZE_VARIABLES[panel], `${sizes[panel]}px`]),
      ) as CSSProperties,
    [sizes],
  );
  return { sizes, style, customised: !isDefault(sizes), clamp, preview, commit, reset };
}
