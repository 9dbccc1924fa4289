import { connect, createInbox, type Msg, type NatsConnection, type Subscription } from 'nats';
import { BusNoResponderError, BusTimeoutError, emptyStats, type Bus, type BusStats, type Unsubscribe } from './bus.ts';

/**
 * The bus over NATS core (`BUS_URL=nats://…`). Request/reply for commands (NATS answers "no responders" at once when
 * no engine listens: the switch-over's retryable case), plain subjects for events. NATS isolates a slow subscriber:
 * the server cuts a client whose pending bytes pass its limit (it reconnects and asks for snapshots), so one slow
 * websocket node cannot hold the others back. Handlers run as messages arrive: nothing queues in the client.
 */
export class NatsBus implements Bus {
  readonly stats: BusStats = emptyStats();
  private readonly subscriptions = new Set<Subscription>();
  /** Publications and answers of this turn of the event loop, handed to the client together (see `send`). */
  private outbox: Array<() => void> = [];
  /**
   * Requests waiting for their answer, by the last token of their reply subject (`<inbox>.<token>`). Our own mux, not
   * the client's `request()`: that one builds an `Error` (a captured stack) after every answered request (#30).
   */
  private readonly waiting = new Map<
    string,
    { subject: string; resolve(data: Uint8Array): void; fail(error: unknown): void }
  >();
  private readonly inbox = createInbox();
  private nextToken = 0;

  private constructor(private readonly connection: NatsConnection) {
    const replies = connection.subscribe(`${this.inbox}.*`, { callback: (_error, message) => this.answer(message) });
    this.subscriptions.add(replies);
  }

  static async connect(url: string, name: string): Promise<NatsBus> {
    const connection = await connect({
      servers: url,
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      pingInterval: 5_000,
      maxPingOut: 2,
      // Our requests go through our own mux (`request`); any the client makes itself capture no stack traces either.
      noAsyncTraces: true,
    });
    return new NatsBus(connection);
  }

  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    this.stats.requests += 1;
    const token = (this.nextToken++).toString(36);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        this.stats.timeouts += 1;
        reject(new BusTimeoutError(`no answer on ${subject} in ${timeoutMs} ms`));
      }, timeoutMs);
      const settle =
        <T>(done: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          this.waiting.delete(token);
          done(value);
        };
      const request = { subject, resolve: settle(resolve), fail: settle(reject) };
      this.waiting.set(token, request);
      try {
        this.connection.publish(subject, data, { reply: `${this.inbox}.${token}` });
      } catch (error) {
        request.fail(error); // closed or draining: refused at once, as the client's own request() did
      }
    });
  }

  /** An answer, or the server's status 503: no one subscribes to the subject, nothing was delivered or applied. */
  private answer(message: Msg | null): void {
    if (!message) return;
    const request = this.waiting.get(message.subject.slice(this.inbox.length + 1));
    if (!request) return; // answered after its timeout
    if (message.data.length === 0 && message.headers?.code === 503) {
      this.stats.noResponders += 1;
      request.fail(new BusNoResponderError(`no one serves ${request.subject}`));
    } else request.resolve(message.data);
  }

  serve(
    subject: string,
    handler: (data: Uint8Array) => Promise<Uint8Array>,
    options: { queue?: string } = {},
  ): Unsubscribe {
    const subscription = this.connection.subscribe(subject, {
      queue: options.queue,
      callback: (error, message) => {
        if (error) return;
        this.stats.received += 1;
        void handler(message.data).then(
          (answer) =>
            this.send(() => {
              this.stats.responded += 1;
              message.respond(answer);
            }),
          () => undefined, // the handler answers its own errors; a throw here leaves the caller to time out
        );
      },
    });
    return this.track(subscription);
  }

  publish(subject: string, data: Uint8Array): void {
    this.stats.published += 1;
    this.send(() => this.connection.publish(subject, data));
  }

  /**
   * The client writes what was handed to it within one microtask checkpoint in one socket write; answers and
   * publications made at different promise depths of one turn (a batch's replies, its user events) would go out as
   * several. Held to the end of the turn (setImmediate), they go out in one write (#30: each write to the NATS
   * socket costs a system call and a wake-up of the server, on every process of a cluster).
   */
  private send(write: () => void): void {
    this.outbox.push(write);
    if (this.outbox.length === 1) setImmediate(() => this.flushOutbox());
  }

  private flushOutbox(): void {
    const writes = this.outbox;
    this.outbox = [];
    for (const write of writes) write();
  }

  subscribe(subject: string, handler: (data: Uint8Array) => void): Unsubscribe {
    const subscription = this.connection.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        this.stats.received += 1;
        handler(message.data);
      },
    });
    return this.track(subscription);
  }

  flush(): Promise<void> {
    return this.connection.flush();
  }

  onConnection(listener: (up: boolean) => void): Unsubscribe {
    let stopped = false;
    void (async () => {
      for await (const status of this.connection.status()) {
        if (stopped) return;
        if (status.type === 'disconnect') listener(false);
        else if (status.type === 'reconnect') listener(true);
      }
    })().catch(() => undefined);
    return () => {
      stopped = true;
    };
  }

  async close(): Promise<void> {
    this.flushOutbox();
    // Requests still waiting may or may not have been applied: as a timeout, at once.
    for (const request of this.waiting.values())
      request.fail(new BusTimeoutError(`bus closed before ${request.subject}`));
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions.clear();
    await this.connection.drain().catch(() => this.connection.close());
  }

  private track(subscription: Subscription): Unsubscribe {
    this.subscriptions.add(subscription);
    return () => {
      this.subscriptions.delete(subscription);
      subscription.unsubscribe();
    };
  }
}
