import { BusNoResponderError, BusTimeoutError, emptyStats, type Bus, type BusStats, type Unsubscribe } from './bus.ts';

type Server = (data: Uint8Array) => Promise<Uint8Array>;

/**
 * The bus inside one process: the same contract as NATS (round-robin among a queue's servers, no responder, timeout),
 * delivered on the next turn of the event loop so a publisher never runs its subscribers' code inline.
 */
export class InProcessBus implements Bus {
  private readonly servers = new Map<string, Server[]>();
  private readonly subscribers = new Map<string, Set<(data: Uint8Array) => void>>();
  private readonly nextServer = new Map<string, number>();
  readonly stats: BusStats = emptyStats();

  async request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    this.stats.requests += 1;
    const servers = this.servers.get(subject) ?? [];
    if (servers.length === 0) {
      this.stats.noResponders += 1;
      throw new BusNoResponderError(`no one serves ${subject}`);
    }
    const index = (this.nextServer.get(subject) ?? 0) % servers.length;
    this.nextServer.set(subject, index + 1);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.stats.timeouts += 1;
        reject(new BusTimeoutError(`no answer on ${subject} in ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      const answered = Promise.resolve()
        .then(() => servers[index]!(data))
        .then((answer) => {
          this.stats.responded += 1;
          return answer;
        });
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  serve(subject: string, handler: Server): Unsubscribe {
    const servers = this.servers.get(subject) ?? [];
    servers.push(handler);
    this.servers.set(subject, servers);
    return () => {
      const remaining = (this.servers.get(subject) ?? []).filter((server) => server !== handler);
      this.servers.set(subject, remaining);
    };
  }

  publish(subject: string, data: Uint8Array): void {
    this.stats.published += 1;
    for (const handler of this.subscribers.get(subject) ?? []) {
      queueMicrotask(() => {
        this.stats.received += 1;
        handler(data);
      });
    }
  }

  subscribe(subject: string, handler: (data: Uint8Array) => void): Unsubscribe {
    const handlers = this.subscribers.get(subject) ?? new Set();
    handlers.add(handler);
    this.subscribers.set(subject, handlers);
    return () => handlers.delete(handler);
  }

  /** Subscriptions take effect at once here. */
  async flush(): Promise<void> {}

  async close(): Promise<void> {
    this.servers.clear();
    this.subscribers.clear();
  }
}
