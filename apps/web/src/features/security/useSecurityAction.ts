import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResponse } from '../../api/client.ts';
import { isSuccess } from '../../api/client.ts';
import { useToast } from '../../ui/Toast.tsx';
import { fetchSecurity } from './api.ts';

export const securityKey = ['account', 'security'] as const;

export function useSecurity() {
  return useQuery({ queryKey: securityKey, queryFn: fetchSecurity });
}

/**
 * Runs one of the page's actions: on success `successText` as a toast and the page reloaded; on a refusal the server's
 * message (in the interface language) shown where the action was (the caller renders `error`).
 */
export function useSecurityAction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run<T>(
    call: () => Promise<ApiResponse<T>>,
    successText?: string,
  ): Promise<{ ok: boolean; data: T | null }> {
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      if (!isSuccess(answer)) {
        setError(answer.message);
        return { ok: false, data: null };
      }
      if (successText) toast(successText, 'success');
      await queryClient.invalidateQueries({ queryKey: securityKey });
      return { ok: true, data: answer.data ?? null };
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, error, setError };
}
