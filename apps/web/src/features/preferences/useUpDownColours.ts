import { useMemo, useSyncExternalStore } from 'react';
import {
  getUpDownColours,
  readMarketColours,
  setUpDownColours,
  subscribeUpDownColours,
  type UpDownColours,
} from './upDownColours.ts';

/**
 * The user's up/down colour preference and a setter. Styles need nothing from here (they use var(--up) and
 * var(--down)); `colours` is for canvas code, recomputed when the preference changes.
 */
export function useUpDownColours(): {
  upDown: UpDownColours;
  setUpDown(next: UpDownColours): void;
  colours: { up: string; down: string };
} {
  const upDown = useSyncExternalStore(subscribeUpDownColours, getUpDownColours, getUpDownColours);
  // upDown is the trigger, not an input: the CSS variables have followed it by the time this runs.
  const colours = useMemo(() => readMarketColours(), [upDown]);
  return { upDown, setUpDown: setUpDownColours, colours };
}
