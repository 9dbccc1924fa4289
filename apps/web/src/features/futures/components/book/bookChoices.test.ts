import { describe, expect, it } from 'vitest';
import { BOOK_PRECISIONS } from '../../calc/book.ts';
import { parsePrecision, parseView } from './bookChoices.ts';

describe('remembered book choices', () => {
  it('keeps every known grouping and falls back to the seeds default 0.1', () => {
    for (const choice of BOOK_PRECISIONS) expect(parsePrecision(choice)).toBe(choice);
    expect(parsePrecision(null)).toBe('0.1');
    expect(parsePrecision('5')).toBe('0.1');
  });
  it('opens the ladder unless the depth chart was chosen', () => {
    expect(parseView('depth')).toBe('depth');
    expect(parseView(null)).toBe('ladder');
    expect(parseView('chart')).toBe('ladder');
  });
});
