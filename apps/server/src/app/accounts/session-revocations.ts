/**
 * Tells whoever holds a session's live connections (the websocket gateway) that sessions ended: logout, a password
 * change, a reused refresh token. Emitted after the revoking transaction committed, in the process that revoked.
 */
export type SessionsEnded = (sessionIds: readonly string[]) => void;

export class SessionRevocations {
  private readonly listeners = new Set<SessionsEnded>();

  /** Answers the function that stops listening. */
  on(listener: SessionsEnded): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ended(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    for (const listener of this.listeners) listener(sessionIds);
  }
}
