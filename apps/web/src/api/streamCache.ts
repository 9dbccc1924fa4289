// The query cache kept current by the user stream. A REST read and a stream event travel on different connections,
// so an answer the server wrote before a change can land after the change's event: these two helpers make sure such
// an answer never has the last word.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads `queryKey` again from now: a read already under way (even a screen's first) is dropped, since the server may
 * have answered it before a change the caller knows of.
 */
export function readAgain(queryClient: QueryClient, queryKey: QueryKey): void {
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

/**
 * A stream event folded into a cached value (`fold` answers null when the value must be read instead). A read under
 * way may have been answered before the event and would overwrite it when it lands: it is read again.
 */
export function foldEvent<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fold: (current: T | undefined) => T | null,
): void {
  const next = fold(queryClient.getQueryData<T>(queryKey));
  const reading = queryClient.isFetching({ queryKey }) > 0;
  if (next !== null) queryClient.setQueryData(queryKey, next);
  if (next === null || reading) readAgain(queryClient, queryKey);
}
