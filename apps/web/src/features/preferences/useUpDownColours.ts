import { useSyncExternalStore } from 'react';
import {
  getUpDownColours,
  readMarketColours,
  setUpDownColours,
  subscribeUpDownColours,
  type UpDownColours,
} from './upDownColours.ts';

// The colours read once per preference: the CSS variables have followed the preference by the time it is read.
let read: { upDown: UpDownColours; colours: { up: string; down: string } } | null = null;
function getColours(): { up: string; down: string } {
  const upDown = getUpDownColours();
  if (read?.upDown !== upDown) read = { upDown, colours: readMarketColours() };
  return read.colours;
}

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
  const colours = useSyncExternalStore(subscribeUpDownColours, getColours, getColours);
  return { upDown, setUpDown: setUpDownColours, colours };
}
