// The message bus between process roles (#19): request/reply for commands to the engine, publish/subscribe for what
// the engine committed. NATS between processes (nats-bus.ts); in one process, an in-memory twin (in-process-bus.ts).

export type Unsubscribe = () => void;

/** The request reached no one: no engine serves the subject right now (a switch-over). Nothing was applied. */
export class BusNoResponderError extends Error {}

/** The request went out but no answer came in time: it may or may not have been applied. */
export class BusTimeoutError extends Error {}

export interface BusStats {
  published: number;
  received: number;
  requests: number;
  /** Requests of other processes this process answered. */
  responded: number;
  timeouts: number;
  noResponders: number;
}

export interface Bus {
  /** The answer of one server of `subject`; rejects with BusNoResponderError or BusTimeoutError. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  /** Answers requests on `subject`; members of one `queue` share them (each request goes to one). */
  serve(subject: string, handler: (data: Uint8Array) => Promise<Uint8Array>, options?: { queue?: string }): Unsubscribe;
  /** Fire and forget to every subscriber of `subject`. */
  publish(subject: string, data: Uint8Array): void;
  subscribe(subject: string, handler: (data: Uint8Array) => void): Unsubscribe;
  /** Resolves once the server has the subscriptions made before it: what is published after reaches them. */
  flush(): Promise<void>;
  /** Told when the connection drops (false) and when it is back (true); a bus inside one process never drops. */
  onConnection?(listener: (up: boolean) => void): Unsubscribe;
  readonly stats: BusStats;
  close(): Promise<void>;
}

export function emptyStats(): BusStats {
  return { published: 0, received: 0, requests: 0, responded: 0, timeouts: 0, noResponders: 0 };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON on the wire: commands, answers and events are plain objects of numbers and strings. */
export const encodeJson = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;

/** The subjects of the platform, one place. */
export const SUBJECTS = {
  /** Request: a command for the engine ({command, key}) → its CommandResult. */
  engineCommand: 'tickline.engine.command',
  /** Request: several commands at once ([{command, key}]) → their replies, in order (#30: one bus hop for many). */
  engineCommands: 'tickline.engine.commands',
  /** Request: a named read of the engine's open state. */
  engineQuery: 'tickline.engine.query',
  /** Request: several named reads at once → their replies, in order. */
  engineQueries: 'tickline.engine.queries',
  /** Request: a read of the market service (REST market endpoints of API nodes). */
  marketRead: 'tickline.market.read',
  /** Publish: one pump run's market payloads (bytes built once by the engine node). */
  marketFlush: 'tickline.market.flush',
  /** Request: a market channel's current snapshot payload. */
  marketSnapshot: 'tickline.market.snapshot',
  /**
   * Prefix: `<prefix>.<userId>` carries one user's part of each committed batch and the user's wallet events (#30),
   * subscribed by a node only while that user has a stream there (roles/user-subjects.ts).
   */
  userEvents: 'tickline.user.events',
  /** Publish: an operator froze or unfroze a user's trading: every API node reads its set again. */
  freezesChanged: 'tickline.freezes.changed',
  /** Publish: sessions ended (logout, revoke, password change): their streams end on every websocket node. */
  sessionsEnded: 'tickline.sessions.ended',
  /** Publish: an API node is alive and hears revocations ({node}); its own echo is its lease (#30). */
  authAlive: 'tickline.auth.alive',
  /** Publish: a revocation for every node's authentication cache ({from, id, revocation}); each node acknowledges. */
  authRevoked: 'tickline.auth.revoked',
  /** Prefix: `<prefix>.<node>` carries the acknowledgements of that node's revocations ({id, node}). */
  authAcks: 'tickline.auth.acks',
} as const;
