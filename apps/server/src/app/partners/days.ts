// Settlement days are Korean calendar days (KST = UTC+9, no daylight saving).
const DAY_MS = 24 * 3600 * 1000;
export const KST_OFFSET_MS = 9 * 3600 * 1000;

/** The KST date (YYYY-MM-DD) of an instant. */
export function kstDay(ms: number): string {
  return new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instants a KST date starts and ends at. */
export function kstDayBounds(day: string): { from: Date; to: Date } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - KST_OFFSET_MS;
  return { from: new Date(start), to: new Date(start + DAY_MS) };
}

export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the KST week holding `day`. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
