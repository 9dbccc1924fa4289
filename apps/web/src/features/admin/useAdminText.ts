import { useCallback } from 'react';
import { ApiError, type ApiResponse } from '../../api/client.ts';
import { interpolate, useI18n } from '../../i18n/I18nProvider.tsx';
import { adminMessages, type AdminMessageKey } from './messages.ts';

export type AdminText = (key: AdminMessageKey, values?: Record<string, string | number>) => string;

/**
 * The console's own `t`: its messages (messages.ts) in the interface language of the app's I18nProvider. They live in
 * the console's chunk, not in the dictionary every trader downloads.
 */
export function useAdminText(): AdminText {
  const { language } = useI18n();
  return useCallback<AdminText>((key, values) => interpolate(adminMessages[language][key], values), [language]);
}

/**
 * An action's outcome as the console reports it: `done` on success, else the server's message, which the API client
 * has already put in the interface language (i18n/serverMessages.ts); the code when the server sent no text.
 */
export function outcomeText(answer: ApiResponse<unknown>, done: string, t: AdminText): string {
  if (answer.code === 0) return done;
  return answer.message || t('admin.refusedCode', { code: answer.code });
}

/** A failed read: the server's (translated) refusal, or that the server could not be reached. */
export function loadErrorText(error: Error | null, t: AdminText): string {
  return error instanceof ApiError && error.message ? error.message : t('admin.loadFailed');
}
