/**
 * The chart's time axis. lightweight-charts draws UTC, so a zone is shown by shifting bar times by its offset
 * (seed 000 §2 asks for Asia/Seoul, which has no daylight saving, so the shift is exact there).
 */
export const TIME_ZONES = ['Asia/Seoul', 'UTC', 'Local'] as const;
export type TimeZoneChoice = (typeof TIME_ZONES)[number];

const SEOUL_OFFSET_MS = 9 * 3600_000;

export function zoneOffsetMs(zone: TimeZoneChoice, at: Date = new Date()): number {
  if (zone === 'Asia/Seoul') return SEOUL_OFFSET_MS;
  if (zone === 'UTC') return 0;
  return -at.getTimezoneOffset() * 60_000;
}
