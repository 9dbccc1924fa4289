import { useMutation } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { SUCCESS_CODE } from '@tickline/protocol';
import { NetworkError, type ApiResponse } from '../../api/client.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';

export interface PartnerCall {
  /**
   * Runs a partner call and reports it as seed 001 §8 says: code 0 shows `success` (in the popup, or as a toast when
   * `toast` is set) and returns true; a non-zero code shows the server's message in the popup (40000 has already
   * cleared the session in the API client, which sends the user to /login); network errors are silent.
   */
  run(call: () => Promise<ApiResponse<unknown>>, success: string, options?: { toast?: boolean }): Promise<boolean>;
  /** Shows a client-side validation message in the popup. */
  popup(message: string): void;
  busy: boolean;
  /** The popup, to be rendered by the screen. */
  dialog: ReactNode;
}

export function usePartnerCall(): PartnerCall {
  const [message, setMessage] = useState<string | null>(null);
  const toast = useToast();
  const t = useT();

  const { mutateAsync, isPending: busy } = useMutation({
    mutationFn: async ({
      call,
      success,
      options,
    }: {
      call: () => Promise<ApiResponse<unknown>>;
      success: string;
      options: { toast?: boolean };
    }) => {
      try {
        const answer = await call();
        if (answer.code === SUCCESS_CODE) {
          if (options.toast) toast(success, 'success');
          else setMessage(success);
          return true;
        }
        setMessage(answer.message || t('partners.message'));
        return false;
      } catch (error) {
        if (error instanceof NetworkError) return false;
        throw error;
      }
    },
  });
  const run = useCallback<PartnerCall['run']>(
    (call, success, options = {}) => mutateAsync({ call, success, options }),
    [mutateAsync],
  );

  const close = useCallback(() => setMessage(null), []);
  const dialog = message !== null ? <MessageDialog message={message} onClose={close} /> : null;
  return { run, popup: setMessage, busy, dialog };
}
