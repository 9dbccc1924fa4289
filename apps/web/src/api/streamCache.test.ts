import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { foldEvent, readAgain } from './streamCache.ts';

/** A "server" whose answers the test releases one by one, each the state at the time the read reached it. */
function slowServer(initial: string[]) {
  let state = initial;
  const waiting: Array<() => void> = [];
  return {
    change(next: string[]) {
      state = next;
    },
    read(): Promise<string[]> {
      const answer = [...state]; // written now, delivered when released
      return new Promise((resolve) => waiting.push(() => resolve(answer)));
    },
    get reads() {
      return waiting.length;
    },
    release(index: number) {
      waiting[index]!();
    },
  };
}

const key = ['positions'];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the stream-kept cache', () => {
  let client: QueryClient;
  let stop = () => undefined as void;
  afterEach(() => {
    stop();
    client.clear();
  });

  function watch(server: ReturnType<typeof slowServer>) {
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => server.read() });
    stop = observer.subscribe(() => undefined);
  }

  it('an event folded while a read written before it is under way is not overwritten by that read', async () => {
    const server = slowServer([]);
    watch(server);
    expect(server.reads).toBe(1); // the screen's first read, answered before the position opened
    server.change(['BTC']);
    foldEvent<string[]>(client, key, (rows) => [...(rows ?? []), 'BTC']);
    expect(client.getQueryData(key)).toEqual(['BTC']);
    await settle();
    server.release(0); // the stale answer lands after the event
    await settle();
    expect(client.getQueryData(key)).toEqual(['BTC']);
    expect(server.reads).toBe(2);
    server.release(1);
    await settle();
    expect(client.getQueryData(key)).toEqual(['BTC']);
    expect(client.isFetching({ queryKey: key })).toBe(0);
  });

  it('an event with no read under way is folded without reading again', async () => {
    const server = slowServer([]);
    watch(server);
    server.release(0);
    await settle();
    foldEvent<string[]>(client, key, (rows) => [...(rows ?? []), 'ETH']);
    await settle();
    expect(client.getQueryData(key)).toEqual(['ETH']);
    expect(server.reads).toBe(1);
  });

  it('readAgain drops a first read under way and reads from now', async () => {
    const server = slowServer([]);
    watch(server);
    server.change(['SOL']); // changed before the stream started: no event will tell
    readAgain(client, key);
    await settle();
    server.release(0);
    await settle();
    expect(server.reads).toBe(2);
    server.release(1);
    await settle();
    expect(client.getQueryData(key)).toEqual(['SOL']);
  });
});
