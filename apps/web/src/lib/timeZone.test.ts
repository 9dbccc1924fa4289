import { describe, expect, it } from 'vitest';
import { formatZonedDateTime, formatZonedTime, parseTimeZone, zoneOffsetMs } from './timeZone.ts';

describe('the time zone of every time shown', () => {
  const moment = new Date(Date.UTC(2026, 10, 25, 20, 5, 9)); // 2026-11-25 20:05:09 UTC

  it('shifts Seoul by 9 hours and UTC by none', () => {
    expect(zoneOffsetMs('Asia/Seoul')).toBe(9 * 3600_000);
    expect(zoneOffsetMs('UTC')).toBe(0);
  });

  it('formats one moment in the chosen zone, across midnight', () => {
    expect(formatZonedDateTime(moment, 'Asia/Seoul')).toBe('2026-11-26 05:05');
    expect(formatZonedDateTime(moment, 'UTC')).toBe('2026-11-25 20:05');
    expect(formatZonedTime(moment, 'Asia/Seoul')).toBe('05:05:09');
    expect(formatZonedTime(moment.getTime(), 'UTC')).toBe('20:05:09');
  });

  it('reads a stored choice, Seoul for anything else', () => {
    expect(parseTimeZone('UTC')).toBe('UTC');
    expect(parseTimeZone('Local')).toBe('Local');
    expect(parseTimeZone('Europe/Paris')).toBe('Asia/Seoul');
    expect(parseTimeZone(null)).toBe('Asia/Seoul');
  });
});
