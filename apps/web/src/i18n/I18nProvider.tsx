import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { dictionaries, type Language, type MessageKey } from './dictionary.ts';
import { setServerMessageLanguage } from './serverMessages.ts';
import { getTimeZone, subscribeTimeZone, type TimeZoneChoice } from '../lib/timeZone.ts';

export type { Language, MessageKey } from './dictionary.ts';

const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGES: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'ko', label: '한국어' },
];

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18nContextValue {
  language: Language;
  /** The zone times are shown in (lib/timeZone.ts); a change re-renders every screen that translates, as a language change does. */
  timeZone: TimeZoneChoice;
  setLanguage(language: Language): void;
  t: Translate;
}

function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'en' || stored === 'ko') return stored;
  } catch {
    // no storage: fall through to the default
  }
  return 'en';
}

/** `{name}` placeholders are replaced by values (exported for the operator console's own messages). */
export function interpolate(template: string, values?: Record<string, string | number>): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => {
    const first = initialLanguage();
    setServerMessageLanguage(first);
    return first;
  });

  const setLanguage = useCallback((next: Language) => {
    setServerMessageLanguage(next);
    setLanguageState(next);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // not persisted; still switched for this page
    }
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const timeZone = useSyncExternalStore(subscribeTimeZone, getTimeZone, getTimeZone);
  const value = useMemo<I18nContextValue>(() => {
    const dictionary = dictionaries[language];
    return { language, timeZone, setLanguage, t: (key, values) => interpolate(dictionary[key], values) };
  }, [language, timeZone, setLanguage]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nContextValue {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export const useT = (): Translate => useI18n().t;
