import { connect, ErrorCode, type NatsConnection, type NatsError, type Subscription } from 'nats';
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

  private constructor(private readonly connection: NatsConnection) {}

  static async connect(url: string, name: string): Promise<NatsBus> {
    const connection = await connect({
      servers: url,
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      pingInterval: 5_000,
      maxPingOut: 2,
      // Without it every request captures two stack traces (its context and its timeout's error), a measurable part
      // of an API node's CPU per command (#30); our callers map the client's errors by code, never by their stack.
      noAsyncTraces: true,
    });
    return new NatsBus(connection);
  }

  async request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    this.stats.requests += 1;
    try {
      return (await this.connection.request(subject, data, { timeout: timeoutMs })).data;
    } catch (error) {
      const code = (error as NatsError).code;
      if (code === ErrorCode.NoResponders) {
        this.stats.noResponders += 1;
        throw new BusNoResponderError(`no one serves ${subject}`);
      }
      if (code === ErrorCode.Timeout) {
        this.stats.timeouts += 1;
        throw new BusTimeoutError(`no answer on ${subject} in ${timeoutMs} ms`);
      }
      throw error;
    }
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
