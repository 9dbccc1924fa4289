import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const [error, setError] = useState<string | null>(null);
  // One mutation for every action of the page: `run` hands it the action's work, typed by its caller.
  const action = useMutation({ mutationFn: (work: () => Promise<void>) => work() });
  async function run<T>(
    call: () => Promise<ApiResponse<T>>,
    successText?: string,
  ): Promise<{ ok: boolean; data: T | null }> {
    setError(null);
    let outcome: { ok: boolean; data: T | null } = { ok: false, data: null };
    await action.mutateAsync(async () => {
      const answer = await call();
      if (!isSuccess(answer)) return setError(answer.message);
      if (successText) toast(successText, 'success');
      await queryClient.invalidateQueries({ queryKey: securityKey });
      outcome = { ok: true, data: answer.data ?? null };
    });
    return outcome;
  }
  return { run, busy: action.isPending, error, setError };
}
