import { describe, expect, it } from 'vitest';
import { formatUtcTime, roundOutcome } from './format.ts';

describe('round audit formatting', () => {
  it('shows moments in UTC, to the minute or the millisecond', () => {
    const ms = Date.UTC(2026, 10, 25, 14, 35, 59, 123);
    expect(formatUtcTime(ms, 'minute')).toBe('2026-11-25 14:35');
    expect(formatUtcTime(ms, 'ms')).toBe('2026-11-25 14:35:59.123');
  });

  it.each([
    [1, 50_000, 50_001, ['options.historyHigher', 'audit.won']],
    [2, 50_000, 50_001, ['options.historyHigher', 'audit.lost']],
    [2, 50_000, 49_999.9, ['options.historyLower', 'audit.won']],
    [1, 50_000, 49_999.9, ['options.historyLower', 'audit.lost']],
    [1, 50_000, 50_000, ['options.historyEq', 'audit.refunded']],
    [2, 50_000, 0, ['options.historyEq', 'audit.refunded']],
  ] as const)('a bet of side %i opened at %d with result %d: %j', (side, open, result, expected) => {
    expect(roundOutcome({ side, open }, result)).toEqual(expected);
  });

  it('has no outcome before the round settles', () => {
    expect(roundOutcome({ side: 1, open: 50_000 }, null)).toBeNull();
  });
});
