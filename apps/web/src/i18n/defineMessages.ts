// Per-feature messages: a feature's `messages.ts` calls defineMessages({ en: {...}, ko: {...} }) and is listed in
// dictionary.ts. English is the source; Korean must have exactly the same keys (a missing or extra key is a type
// error). This module imports nothing, so a feature's messages never pull in the provider or React.

export type Language = 'en' | 'ko';

export type Messages<Key extends string> = { readonly [L in Language]: Readonly<Record<Key, string>> };

export function defineMessages<const En extends Record<string, string>>(messages: {
  en: En;
  ko: { [Key in keyof En]: string };
}): Messages<Extract<keyof En, string>> {
  return messages;
}

export type KeysOf<Part> = Part extends Messages<infer Key> ? Key : never;

/** Every key of every part, per language; a key defined by two parts is a mistake and throws at start-up. */
export function mergeMessages<const Parts extends readonly Messages<string>[]>(
  parts: Parts,
): Messages<KeysOf<Parts[number]>> {
  const en: Record<string, string> = {};
  const ko: Record<string, string> = {};
  for (const part of parts)
    for (const key of Object.keys(part.en)) {
      if (key in en) throw new Error(`message key ${key} is defined twice`);
      en[key] = part.en[key]!;
      ko[key] = part.ko[key]!;
    }
  return { en, ko } as Messages<KeysOf<Parts[number]>>;
}
