/**
 * Sessions and API keys, each with its user, as this node last read them (#30): authentication without a database
 * read per request. Correctness rests on three rules:
 * - every revocation removes entries here before the revoking request answers (SessionRevocations), on every node
 *   (roles/auth-barrier.ts), and bumps `generation`;
 * - a fill is kept only when no invalidation happened while its read was in flight (the generation it started with),
 *   so a read that saw the row before a revocation's commit is never cached after it;
 * - while the node cannot hear revocations (bus down, lease lapsed) `usable()` is false: nothing is read from or put
 *   into the cache, every request reads the database as before.
 * Entries also lapse after `ttlMs` (the backstop against a revocation path we do not know of).
 */
import type { apiKeys, sessions } from '@tickline/db';

export type CachedSession = { session: sessions.SessionRecord; user: sessions.SessionUser };
export type CachedKey = { key: apiKeys.ApiKeyRecord; user: sessions.SessionUser };

export interface Revocation {
  sessionIds: readonly string[];
  /** Users whose role, level or keys changed: all their sessions and keys are read again. */
  userIds: readonly number[];
}

interface Entry<T> {
  value: T;
  userId: number;
  storedAtMs: number;
}

/** What stands for a key where a session id is expected (a websocket's key login, a key's deletion). */
const KEY_SESSION_PREFIX = 'api-key:';

export function apiKeySessionId(keyId: number): string {
  return `${KEY_SESSION_PREFIX}${keyId}`;
}

export class AuthCache<Session = CachedSession, Key = CachedKey> {
  private readonly sessions = new Map<string, Entry<Session>>();
  /** By the key's public id (what a request names), with the key's row id beside it for deletions. */
  private readonly keys = new Map<string, Entry<Key> & { keyId: number }>();
  private generation = 0;
  private usableCheck: () => boolean = () => true;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** A cluster node's test of whether it still hears revocations (roles/auth-barrier.ts); one process: always. */
  guard(usable: () => boolean): void {
    this.usableCheck = usable;
  }

  usable(): boolean {
    return this.ttlMs > 0 && this.usableCheck();
  }

  /** The session from the cache, or from `load` (kept unless a revocation came in between). */
  session(id: string, load: () => Promise<{ value: Session; userId: number } | null>): Promise<Session | null> {
    return this.through(this.sessions, id, load, (found) => found);
  }

  key(apiKey: string, load: () => Promise<{ value: Key; userId: number; keyId: number } | null>): Promise<Key | null> {
    return this.through(this.keys, apiKey, load, (found) => found);
  }

  /** A cached value is read again from the database next time (e.g. it looked expired: a refresh may have extended it). */
  forgetSession(id: string): void {
    this.sessions.delete(id);
  }

  /** Removes what a revocation touches and makes fills under way be discarded. Synchronous: before anything answers. */
  invalidate(revocation: Revocation): void {
    this.generation += 1;
    const keyIds = new Set<number>();
    for (const id of revocation.sessionIds) {
      if (id.startsWith(KEY_SESSION_PREFIX)) keyIds.add(Number(id.slice(KEY_SESSION_PREFIX.length)));
      else this.sessions.delete(id);
    }
    const userIds = new Set(revocation.userIds);
    if (userIds.size > 0)
      for (const [id, entry] of this.sessions) if (userIds.has(entry.userId)) this.sessions.delete(id);
    if (userIds.size > 0 || keyIds.size > 0)
      for (const [apiKey, entry] of this.keys)
        if (userIds.has(entry.userId) || keyIds.has(entry.keyId)) this.keys.delete(apiKey);
  }

  /** Forgets everything (the node may have missed revocations) and discards fills under way. */
  clear(): void {
    this.generation += 1;
    this.sessions.clear();
    this.keys.clear();
  }

  get size(): number {
    return this.sessions.size + this.keys.size;
  }

  private async through<T, Found extends { value: T; userId: number }, E extends Entry<T>>(
    map: Map<string, E>,
    id: string,
    load: () => Promise<Found | null>,
    entry: (found: Found & { storedAtMs: number }) => E,
  ): Promise<T | null> {
    if (!this.usable()) return (await load())?.value ?? null;
    const cached = map.get(id);
    if (cached && this.now() - cached.storedAtMs < this.ttlMs) return cached.value;
    if (cached) map.delete(id);
    const started = this.generation;
    const found = await load();
    // A revocation (or a lost bus) while the read was in flight: the row may predate it, so it is not kept.
    if (found && started === this.generation && this.usable()) map.set(id, entry({ ...found, storedAtMs: this.now() }));
    return found?.value ?? null;
  }
}
