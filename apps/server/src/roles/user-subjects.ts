/**
 * User events over the bus, a subject per user (#30): the engine publishes each user's part of a committed batch on
 * `tickline.user.events.<userId>` (the wallet its events too), and a websocket or /fapi node subscribes to a user's
 * subject only while that user has a stream open there. A node without the user's streams receives nothing of them;
 * before, every node decoded every batch's events.
 */
import type { UserEventKind } from '@tickline/protocol';
import { SUBJECTS, decodeJson, encodeJson, type Bus, type Unsubscribe } from '../services/bus/bus.ts';
import { splitByUser, type UserBatch } from '../ws/user-events.ts';
import type { UserPresence } from '../ws/user-registry.ts';

/** One message on a user's subject: their part of a committed batch, or events of the wallet. */
export type UserMessage = { batch: UserBatch } | { wallet: Array<[UserEventKind, unknown]> };

export const userSubject = (userId: number): string => `${SUBJECTS.userEvents}.${userId}`;

/** Engine side: one message per user of the batch with something for their streams. */
export function publishUserBatches(bus: Bus, batch: Parameters<typeof splitByUser>[0]): void {
  for (const [userId, part] of splitByUser(batch))
    bus.publish(userSubject(userId), encodeJson({ batch: part } satisfies UserMessage));
}

export function publishWalletEvent(bus: Bus, userId: number, event: UserEventKind, data: unknown): void {
  bus.publish(userSubject(userId), encodeJson({ wallet: [[event, data]] } satisfies UserMessage));
}

interface Listening {
  streams: number;
  ready: Promise<void>;
  stop: Unsubscribe;
}

/**
 * Node side: the subjects of the users with a stream here, each subscribed while at least one stream counts it. A
 * stream is answered once the subscription reached the NATS server (`ready`: a flush's round trip), so what the
 * engine publishes after the stream opened reaches it.
 */
export class UserSubjects implements UserPresence {
  private readonly users = new Map<number, Listening>();
  /** User messages received (`tickline_bus_user_messages_received_total`). */
  received = 0;

  constructor(
    private readonly bus: Bus,
    private readonly deliver: (userId: number, message: UserMessage) => void,
  ) {}

  join(userId: number): Promise<void> {
    let listening = this.users.get(userId);
    if (!listening) {
      const stop = this.bus.subscribe(userSubject(userId), (data) => {
        this.received += 1;
        this.deliver(userId, decodeJson<UserMessage>(data));
      });
      // A bus that is down answers on reconnect (the client subscribes again then) or never: the stream opens anyway.
      listening = { streams: 0, ready: this.bus.flush().catch(() => undefined), stop };
      this.users.set(userId, listening);
    }
    listening.streams += 1;
    return listening.ready;
  }

  leave(userId: number): void {
    const listening = this.users.get(userId);
    if (!listening) return;
    listening.streams -= 1;
    if (listening.streams > 0) return;
    listening.stop();
    this.users.delete(userId);
  }

  /** Users whose subject this node listens to (`tickline_user_subjects`). */
  get size(): number {
    return this.users.size;
  }

  close(): void {
    for (const listening of this.users.values()) listening.stop();
    this.users.clear();
  }
}
