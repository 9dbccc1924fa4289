/**
 * Which connections are signed in as which user: the recipients of the user stream. A cluster's websocket node is
 * told through `UserPresence` when a stream of a user opens and closes here, so it listens to that user's events on
 * the bus only while one is open (#30); in one process there is no presence and a connection joins at once.
 */
import type { Client } from './client.ts';

/** Told once per stream that opens for a user and once when it closes (counted by the implementation). */
export interface UserPresence {
  /** Resolves once the user's events reach this node: a stream answered after it misses none of its first events. */
  join(userId: number): Promise<void>;
  leave(userId: number): void;
}

export class UserRegistry {
  private readonly online = new Map<number, Set<Client>>();

  constructor(private readonly presence: UserPresence | null = null) {}

  has(userId: number): boolean {
    return this.online.has(userId);
  }

  clientsOf(userId: number): ReadonlySet<Client> | undefined {
    return this.online.get(userId);
  }

  /**
   * Moves the connection to `userId` (out of any user with null). It receives the user's events, and `ready` runs,
   * once the presence says they reach this node (at once without one) and the connection is still that user's.
   */
  assign(client: Client, userId: number | null, ready?: () => void): void {
    if (client.userId !== null) {
      const previous = client.userId;
      const clients = this.online.get(previous);
      clients?.delete(client);
      if (clients?.size === 0) this.online.delete(previous);
      this.presence?.leave(previous);
    }
    client.userId = userId;
    if (userId === null) return;
    if (!this.presence) return this.add(client, userId, ready);
    void this.presence.join(userId).then(() => {
      if (client.userId === userId) this.add(client, userId, ready);
    });
  }

  private add(client: Client, userId: number, ready: (() => void) | undefined): void {
    let clients = this.online.get(userId);
    if (!clients) this.online.set(userId, (clients = new Set()));
    clients.add(client);
    ready?.();
  }
}
