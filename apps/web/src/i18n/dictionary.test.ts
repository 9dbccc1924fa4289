import { describe, expect, it } from 'vitest';
import { defineMessages, mergeMessages } from './defineMessages.ts';
import { dictionaries } from './dictionary.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the merged dictionary', () => {
  it('has the same keys in Korean as in English, none of them empty', () => {
    const keys = Object.keys(dictionaries.en).sort();
    expect(keys.length).toBeGreaterThan(250);
    expect(Object.keys(dictionaries.ko).sort()).toEqual(keys);
    for (const key of keys) {
      expect(dictionaries.en[key as keyof typeof dictionaries.en].trim(), `en ${key}`).not.toBe('');
      expect(dictionaries.ko[key as keyof typeof dictionaries.ko].trim(), `ko ${key}`).not.toBe('');
    }
  });

  it('gives every Korean message the placeholders of its English one', () => {
    for (const key of Object.keys(dictionaries.en) as (keyof typeof dictionaries.en)[])
      expect(placeholders(dictionaries.ko[key]), key).toEqual(placeholders(dictionaries.en[key]));
  });

  it('takes the feature messages in (account, placeholder screens) next to the shared ones', () => {
    expect(dictionaries.en['common.ok']).toBe('OK');
    expect(dictionaries.en['validation.passwordsMismatch']).toBe('Passwords do not match');
    expect(dictionaries.ko['screen.futures']).toBeTruthy();
  });
});

describe('mergeMessages', () => {
  it('merges the parts per language', () => {
    const merged = mergeMessages([
      defineMessages({ en: { 'a.one': 'One' }, ko: { 'a.one': '하나' } }),
      defineMessages({ en: { 'b.two': 'Two {n}' }, ko: { 'b.two': '둘 {n}' } }),
    ]);
    expect(merged).toEqual({ en: { 'a.one': 'One', 'b.two': 'Two {n}' }, ko: { 'a.one': '하나', 'b.two': '둘 {n}' } });
  });

  it('refuses a key that two features define', () => {
    const first = defineMessages({ en: { 'a.one': 'One' }, ko: { 'a.one': '하나' } });
    const second = defineMessages({ en: { 'a.one': 'Uno' }, ko: { 'a.one': '일' } });
    expect(() => mergeMessages([first, second])).toThrow('message key a.one is defined twice');
  });
});
