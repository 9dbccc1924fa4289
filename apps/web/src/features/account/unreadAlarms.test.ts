import { describe, expect, it } from 'vitest';
import { countUnread } from './unreadAlarms.ts';

describe('countUnread', () => {
  it('counts the alarms newer than the newest seen; all of them before anything was seen', () => {
    const alarms = [
      { content: 'c', insertDate: '2026-11-25T10:00:02.000Z' },
      { content: 'b', insertDate: '2026-11-25T10:00:01.000Z' },
      { content: 'a', insertDate: '2026-11-24T23:59:59.000Z' },
    ];
    expect(countUnread(alarms, '')).toBe(3);
    expect(countUnread(alarms, '2026-11-25T10:00:01.000Z')).toBe(1);
    expect(countUnread(alarms, '2026-11-25T10:00:02.000Z')).toBe(0);
  });
});
