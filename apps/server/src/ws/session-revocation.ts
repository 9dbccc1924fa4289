/**
 * Which websocket connections' user streams belong to which session, so that a session's end reaches them at once:
 * revoked (logout, password change, reused refresh token: `endSessions`) or lapsed (the access token's or the
 * session's expiry: a timer per connection). The gateway then drops the connection's user and answers 40000; the
 * connection stays open for market data and may authenticate again with a fresh token.
 */

/** What a token check answers: the user, and (from the accounts module) its session and when it lapses. */
export interface StreamIdentity {
  userId: number;
  sessionId?: string;
  expiresAtMs?: number;
  /** Who the connection's requests run as (the accounts module's authenticated user; plain data). */
  principal?: unknown;
}

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when this one fires. */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * A token check that read the session just before it was revoked can finish after the revocation was announced:
 * sessions ended this recently are refused when a connection is registered with them.
 */
const REMEMBER_ENDED_MS = 60_000;

export class UserStreamSessions<Connection> {
  private readonly bySession = new Map<string, Set<Connection>>();
  private readonly sessionOf = new Map<Connection, string>();
  private readonly timers = new Map<Connection, NodeJS.Timeout>();
  private readonly recentlyEnded = new Map<string, number>();

  constructor(
    /** Ends a connection's user stream (the gateway calls `forget` from it). */
    private readonly end: (connection: Connection) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Registers an authenticated connection; answers false when its session has already ended. */
  track(connection: Connection, identity: StreamIdentity): boolean {
    this.forget(connection);
    const { sessionId, expiresAtMs } = identity;
    if (sessionId !== undefined && this.recentlyEnded.has(sessionId)) return false;
    if (expiresAtMs !== undefined && expiresAtMs <= this.clock()) return false;
    if (sessionId !== undefined) {
      this.sessionOf.set(connection, sessionId);
      let connections = this.bySession.get(sessionId);
      if (!connections) this.bySession.set(sessionId, (connections = new Set()));
      connections.add(connection);
    }
    if (expiresAtMs !== undefined) this.armExpiry(connection, expiresAtMs);
    return true;
  }

  /** The connection's user stream ended or the connection closed. */
  forget(connection: Connection): void {
    const timer = this.timers.get(connection);
    if (timer) clearTimeout(timer);
    this.timers.delete(connection);
    const sessionId = this.sessionOf.get(connection);
    if (sessionId === undefined) return;
    this.sessionOf.delete(connection);
    const connections = this.bySession.get(sessionId);
    connections?.delete(connection);
    if (connections?.size === 0) this.bySession.delete(sessionId);
  }

  /** Ends the user streams of these sessions; answers how many connections had one. */
  endSessions(sessionIds: readonly string[]): number {
    const nowMs = this.clock();
    for (const [sessionId, endedAtMs] of this.recentlyEnded)
      if (nowMs - endedAtMs > REMEMBER_ENDED_MS) this.recentlyEnded.delete(sessionId);
    let ended = 0;
    for (const sessionId of sessionIds) {
      this.recentlyEnded.set(sessionId, nowMs);
      for (const connection of [...(this.bySession.get(sessionId) ?? [])]) {
        this.forget(connection);
        this.end(connection);
        ended += 1;
      }
    }
    return ended;
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private armExpiry(connection: Connection, expiresAtMs: number): void {
    const delayMs = Math.max(0, expiresAtMs - this.clock());
    const timer = setTimeout(
      () => {
        this.timers.delete(connection);
        if (expiresAtMs > this.clock()) return this.armExpiry(connection, expiresAtMs);
        this.forget(connection);
        this.end(connection);
      },
      Math.min(delayMs, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(connection, timer);
  }
}
