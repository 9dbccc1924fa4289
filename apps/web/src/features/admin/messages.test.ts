import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n/dictionary.ts';
import { adminMessages } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the operator console messages', () => {
  const keys = Object.keys(adminMessages.en) as (keyof typeof adminMessages.en)[];

  it('have every key in Korean, none empty, with the placeholders of the English', () => {
    expect(Object.keys(adminMessages.ko).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(adminMessages.en[key].trim(), `en ${key}`).not.toBe('');
      expect(adminMessages.ko[key].trim(), `ko ${key}`).not.toBe('');
      expect(placeholders(adminMessages.ko[key]), key).toEqual(placeholders(adminMessages.en[key]));
    }
  });

  it('stay out of the dictionary every trader downloads', () => {
    expect(keys.every((key) => key.startsWith('admin.'))).toBe(true);
    expect(Object.keys(dictionaries.en).filter((key) => key.startsWith('admin.'))).toEqual([]);
  });
});
