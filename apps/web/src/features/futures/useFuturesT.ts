import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { futuresMessages, type FuturesMessageKey } from './messages.ts';

export type FuturesT = (key: FuturesMessageKey, values?: Record<string, string | number>) => string;

/** The futures strings in the language the app's provider has chosen. */
export function useFuturesT(): FuturesT {
  const { language } = useI18n();
  return useMemo(() => {
    const dictionary = futuresMessages[language];
    return (key, values) =>
      values
        ? dictionary[key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
        : dictionary[key];
  }, [language]);
}
