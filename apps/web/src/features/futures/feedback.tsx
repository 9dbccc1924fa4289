import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SUCCESS_CODE } from '@tickline/protocol';
import { NetworkError, SESSION_INVALID_CODE, type ApiResponse } from '../../api/client.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import type { FuturesMessageKey } from './messages.ts';
import { endInvalidSession } from './queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';

interface Feedback {
  /**
   * Runs a futures call and reports it as the seeds say (§4, §8): code 0 shows `success` as a toast and returns
   * true; 40000 ends the session; any other code shows the server's message in a popup; network errors are
   * swallowed.
   */
  run(call: () => Promise<ApiResponse<unknown>>, success: FuturesMessageKey | null): Promise<boolean>;
  /** Shows a message in the popup (client-side validation that the seeds show as a message). */
  popup(message: string): void;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const toast = useToast();
  const t = useT();

  const run = useCallback<Feedback['run']>(
    async (call, success) => {
      let answer: ApiResponse<unknown>;
      try {
        answer = await call();
      } catch (error) {
        if (error instanceof NetworkError) return false;
        throw error;
      }
      if (answer.code === SUCCESS_CODE) {
        if (success) toast(t(success), 'success');
        return true;
      }
      if (answer.code === SESSION_INVALID_CODE) endInvalidSession();
      else setMessage(answer.message || String(answer.code));
      return false;
    },
    [t, toast],
  );

  const value = useMemo<Feedback>(() => ({ run, popup: setMessage }), [run]);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {message !== null ? (
        <Modal
          title={t('futures.message')}
          onClose={() => setMessage(null)}
          footer={
            <button type="button" className="btn btn--primary btn--block" onClick={() => setMessage(null)}>
              {t('futures.ok')}
            </button>
          }
        >
          <p data-testid="futures-message">{message}</p>
        </Modal>
      ) : null}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
