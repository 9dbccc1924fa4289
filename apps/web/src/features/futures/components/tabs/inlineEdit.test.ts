import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amendBody, parseAmendInput } from './inlineEdit.ts';

describe('parseAmendInput', () => {
  it('reads a price in cents and a size in 0.0001 BTC lots, as integers', () => {
    expect(parseAmendInput('price', '67,000.5', 66000)).toEqual({ ok: true, units: 6700050, text: '67000.5' });
    expect(parseAmendInput('volume', ' 0.0150 ', 0.01)).toEqual({ ok: true, units: 150, text: '0.015' });
  });

  it('refuses what the server would refuse before sending it', () => {
    expect(parseAmendInput('price', '', 1)).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmendInput('price', 'abc', 1)).toEqual({ ok: false, problem: 'syntax' });
    expect(parseAmendInput('price', '-5', 1)).toEqual({ ok: false, problem: 'negative' });
    expect(parseAmendInput('price', '1.001', 1)).toEqual({ ok: false, problem: 'precision' });
    expect(parseAmendInput('volume', '0.00001', 1)).toEqual({ ok: false, problem: 'precision' });
    expect(parseAmendInput('volume', '0', 1)).toEqual({ ok: false, problem: 'zero' });
    expect(parseAmendInput('price', '99999999999999999', 1)).toEqual({ ok: false, problem: 'overflow' });
    expect(parseAmendInput('price', '66000.00', 66000)).toEqual({ ok: false, problem: 'unchanged' });
  });

  it('round-trips every size: the text sent parses back to the same lots, at most 4 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), (lots) => {
        const typed = `${Math.floor(lots / 10_000)}.${String(lots % 10_000).padStart(4, '0')}`;
        const parsed = parseAmendInput('volume', typed, 0);
        expect(parsed).toMatchObject({ ok: true, units: lots });
        if (!parsed.ok) return;
        expect(parsed.text).toMatch(/^\d+(\.\d{1,4})?$/);
        expect(parseAmendInput('volume', parsed.text, 0)).toEqual(parsed);
      }),
    );
  });
});

describe('amendBody', () => {
  it('sends only the edited field', () => {
    expect(amendBody(3, 'price', '1.5')).toEqual({ no: 3, price: '1.5' });
    expect(amendBody(3, 'volume', '0.2')).toEqual({ no: 3, volume: '0.2' });
  });
});
