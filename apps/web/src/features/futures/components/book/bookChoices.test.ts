import { describe, expect, it } from 'vitest';
import { parseView, precisionKey } from './bookChoices.ts';

describe('remembered book choices', () => {
  it("remembers BTCUSDT's grouping under the key it always had, another market's under its own", () => {
    expect(precisionKey('BTCUSDT')).toBe('bookPrecision');
    expect(precisionKey('ETHUSDT')).toBe('bookPrecision.ETHUSDT');
    expect(precisionKey('SOLUSDT')).not.toBe(precisionKey('ETHUSDT'));
  });
  it('opens the ladder unless the depth chart was chosen', () => {
    expect(parseView('depth')).toBe('depth');
    expect(parseView(null)).toBe('ladder');
    expect(parseView('chart')).toBe('ladder');
  });
});
