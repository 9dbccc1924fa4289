import { findErrorByCode, type ErrorName } from '@tickline/protocol';
import type { Language } from './dictionary.ts';
import { SERVER_MESSAGES_KO } from './serverMessages.ko.ts';

// The interface language, held outside React so the API client (which runs outside components) can use it; the
// I18nProvider keeps it current.
let activeLanguage: Language = 'en';

export function setServerMessageLanguage(language: Language): void {
  activeLanguage = language;
}

/**
 * The server's message for `code` in the interface language: the catalogue's Korean text on a Korean screen, else
 * the server's own (English) text. A code outside the catalogue keeps the server's text.
 */
export function localizeServerMessage(code: number, serverText: string, language: Language = activeLanguage): string {
  if (language !== 'ko') return serverText;
  const known = findErrorByCode(code);
  return known ? SERVER_MESSAGES_KO[known.name as ErrorName] : serverText;
}
