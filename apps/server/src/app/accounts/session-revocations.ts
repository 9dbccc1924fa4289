import { AuthCache, type Revocation } from './auth-cache/auth-cache.ts';

/**
 * Tells whoever holds a session's live connections (the websocket gateway) that sessions ended: logout, a password
 * change, a reused refresh token. Emitted after the revoking transaction committed, in the process that revoked.
 */
export type SessionsEnded = (sessionIds: readonly string[]) => void;

/** Carries a revocation to the other API nodes and resolves when each live one has dropped it (roles/auth-barrier.ts). */
export type RevocationBroadcast = (revocation: Revocation) => Promise<void>;

/**
 * Where every revocation goes after its commit (#30): this node's authentication cache first (synchronously), the
 * websocket listeners, then the other API nodes; awaited by the revoking request, so when it answers no node serves
 * the revoked session, key or stale user from its cache.
 */
export class SessionRevocations {
  private readonly listeners = new Set<SessionsEnded>();
  private broadcast: RevocationBroadcast | null = null;

  constructor(readonly cache: AuthCache = new AuthCache(0, Date.now)) {}

  /** Answers the function that stops listening. */
  on(listener: SessionsEnded): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A cluster node's way to the other nodes; one process has none. */
  broadcastWith(broadcast: RevocationBroadcast | null): void {
    this.broadcast = broadcast;
  }

  /** Sessions (or `api-key:<id>`s) ended. */
  ended(sessionIds: readonly string[]): Promise<void> {
    return this.revoke({ sessionIds, userIds: [] });
  }

  /** Users whose role or level changed: what authentication read of them is read again. */
  usersChanged(userIds: readonly number[]): Promise<void> {
    return this.revoke({ sessionIds: [], userIds });
  }

  /** A revocation heard from another node: this node's part only (it is not sent on). */
  applyLocally(revocation: Revocation): void {
    this.cache.invalidate(revocation);
  }

  private async revoke(revocation: Revocation): Promise<void> {
    if (revocation.sessionIds.length === 0 && revocation.userIds.length === 0) return;
    this.cache.invalidate(revocation);
    if (revocation.sessionIds.length > 0) for (const listener of this.listeners) listener(revocation.sessionIds);
    if (this.broadcast) await this.broadcast(revocation);
  }
}
