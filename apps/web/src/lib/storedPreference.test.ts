import { afterEach, describe, expect, it } from 'vitest';
import { storedPreference } from './storedPreference.ts';

type Listener = (event: { key: string | null }) => void;

/** A window with local storage and the 'storage' event, as much of it as the preference uses. */
function fakeWindow(options: { blocked?: boolean } = {}) {
  const stored = new Map<string, string>();
  const listeners: Listener[] = [];
  const refuse = () => {
    throw new Error('storage blocked');
  };
  const window = {
    localStorage: {
      getItem: (key: string) => (options.blocked ? refuse() : (stored.get(key) ?? null)),
      setItem: (key: string, value: string) => (options.blocked ? refuse() : void stored.set(key, value)),
    },
    addEventListener: (_type: 'storage', listener: Listener) => void listeners.push(listener),
  };
  (globalThis as { window?: unknown }).window = window;
  /** Another tab writes the key. */
  const otherTab = (key: string, value: string) => {
    stored.set(key, value);
    for (const listener of listeners) listener({ key });
  };
  return { stored, otherTab };
}

const parse = (value: string | null) => (value === 'b' ? 'b' : 'a');

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('storedPreference', () => {
  it('starts from the stored value, persists a change and tells subscribers', () => {
    const { stored } = fakeWindow();
    stored.set('choice', 'b');
    const applied: string[] = [];
    const preference = storedPreference({ key: 'choice', parse, onApply: (value) => applied.push(value) });
    expect(preference.get()).toBe('a'); // the default until init
    preference.init();
    expect(preference.get()).toBe('b');
    let told = 0;
    const stop = preference.subscribe(() => (told += 1));
    preference.set('a');
    expect([preference.get(), stored.get('choice'), told, applied]).toEqual(['a', 'a', 1, ['b', 'a']]);
    stop();
    preference.set('b');
    expect(told).toBe(1);
  });

  it("follows another tab's change of its own key only, and reads a foreign value as the default", () => {
    const { otherTab } = fakeWindow();
    const preference = storedPreference({ key: 'choice', parse });
    preference.init();
    otherTab('choice', 'b');
    expect(preference.get()).toBe('b');
    otherTab('other', 'a');
    expect(preference.get()).toBe('b');
    otherTab('choice', 'something old');
    expect(preference.get()).toBe('a');
  });

  it('still applies a change to this page when storage is blocked', () => {
    fakeWindow({ blocked: true });
    const preference = storedPreference({ key: 'choice', parse });
    preference.init();
    expect(preference.get()).toBe('a');
    preference.set('b');
    expect(preference.get()).toBe('b');
  });
});
