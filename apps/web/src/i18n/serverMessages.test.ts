import { describe, expect, it } from 'vitest';
import { Errors, type ErrorName } from '@tickline/protocol';
import { localizeServerMessage } from './serverMessages.ts';
import { SERVER_MESSAGES_KO } from './serverMessages.ko.ts';

const hangul = /[\uac00-\ud7a3]/;

describe('server messages in the interface language', () => {
  it('has Korean text for every code of the catalogue, and nothing for codes that do not exist', () => {
    const names = Object.keys(Errors).sort();
    expect(Object.keys(SERVER_MESSAGES_KO).sort()).toEqual(names);
    for (const name of names) expect(SERVER_MESSAGES_KO[name as ErrorName]).toMatch(hangul);
  });

  it('answers the Korean text by code on a Korean screen and the server text otherwise', () => {
    const { code, message } = Errors.INSUFFICIENT_MARGIN;
    expect(localizeServerMessage(code, message, 'ko')).toBe(SERVER_MESSAGES_KO.INSUFFICIENT_MARGIN);
    expect(localizeServerMessage(code, message, 'en')).toBe(message);
  });

  it('keeps the server text for a code outside the catalogue', () => {
    expect(localizeServerMessage(987_654, 'Something new', 'ko')).toBe('Something new');
  });
});
