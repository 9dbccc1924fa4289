import { useQuery } from '@tanstack/react-query';
import { fetchServerRules } from './api.ts';
import { serverRulesOf, type ServerRules } from './serverRules.ts';

/** The server's rules change only with its configuration: read once per page load. */
export const serverRulesKey = ['server', 'rules'] as const;

/** The server's rules, undefined until the first answer (estimates that need them show "-" meanwhile). */
export function useServerRules(): ServerRules | undefined {
  return useQuery({
    queryKey: serverRulesKey,
    queryFn: fetchServerRules,
    select: serverRulesOf,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
