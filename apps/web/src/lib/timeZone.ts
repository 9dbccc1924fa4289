import { storedPreference } from './storedPreference.ts';

/**
 * The one time zone every time on screen is shown in (#28 item 5): Asia/Seoul by default (seed 000 §2's chart),
 * UTC, or the device's own zone, chosen once and kept in local storage (like the language and the price colours).
 * Tables and clocks format with it; the charts shift their bars by its offset, because lightweight-charts draws UTC.
 */
export const TIME_ZONES = ['Asia/Seoul', 'UTC', 'Local'] as const;
export type TimeZoneChoice = (typeof TIME_ZONES)[number];

export const DEFAULT_TIME_ZONE: TimeZoneChoice = 'Asia/Seoul';
export const TIME_ZONE_STORAGE_KEY = 'timeZone';

export function parseTimeZone(stored: string | null | undefined): TimeZoneChoice {
  return TIME_ZONES.find((zone) => zone === stored) ?? DEFAULT_TIME_ZONE;
}

const preference = storedPreference({ key: TIME_ZONE_STORAGE_KEY, parse: parseTimeZone });

/** Called once before the first render (main.tsx); another tab's change is followed. */
export const initTimeZone = (): void => preference.init();
export const getTimeZone = (): TimeZoneChoice => preference.get();
export const setTimeZone = (next: TimeZoneChoice): void => preference.set(next);
export const subscribeTimeZone = (listener: () => void): (() => void) => preference.subscribe(listener);

/** The IANA name for Intl; undefined lets Intl use the device's zone. */
const intlZone = (zone: TimeZoneChoice): string | undefined => (zone === 'Local' ? undefined : zone);

const SEOUL_OFFSET_MS = 9 * 3600_000;

/** The zone's offset from UTC at `at` (Seoul has no daylight saving, so its shift is exact all year). */
export function zoneOffsetMs(zone: TimeZoneChoice, at: Date = new Date()): number {
  if (zone === 'Asia/Seoul') return SEOUL_OFFSET_MS;
  if (zone === 'UTC') return 0;
  return -at.getTimezoneOffset() * 60_000;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
const formatters = new Map<TimeZoneChoice, Intl.DateTimeFormat>();

function partsOf(date: Date, zone: TimeZoneChoice): Parts {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: intlZone(zone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return parts as Parts;
}

/** `2026-11-25 21:35` in the chosen zone. */
export function formatZonedDateTime(date: Date, zone: TimeZoneChoice = preference.get()): string {
  const p = partsOf(date, zone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `21:35:59` in the chosen zone. */
export function formatZonedTime(date: Date | number, zone: TimeZoneChoice = preference.get()): string {
  const p = partsOf(typeof date === 'number' ? new Date(date) : date, zone);
  return `${p.hour}:${p.minute}:${p.second}`;
}
