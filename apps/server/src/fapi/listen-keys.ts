/**
 * Listen keys of the user data stream (#31 item 2), kept in PostgreSQL so that every API node of a cluster knows them
 * (#30 follow-up): 60 minutes, renewed by PUT, one live key per user as Binance. A key is 32 random bytes (hex); the
 * table holds its SHA-256 for lookups and the key sealed with the server secret, so POST can answer the live key
 * again (docs/decisions.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { listenKeys as store, type Queryable } from '@tickline/db';
import type { AppContext } from '../app/context.ts';
import { secretBox } from '../app/accounts/security/second-factor.ts';
import type { SecretBox } from '../services/auth/totp.ts';
import { BinanceError } from './errors.ts';

export const LISTEN_KEY_TTL_MS = 60 * 60_000;

/** The shape of the keys this server makes: anything else is no key (and costs no lookup). */
const KEY_SHAPE = /^[0-9a-f]{64}$/;

export function isListenKeyShaped(text: string): boolean {
  return KEY_SHAPE.test(text);
}

export function listenKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const unknownKey = () => new BinanceError(-1125, 'This listenKey does not exist.');

const services = new WeakMap<AppContext, ListenKeys>();

/** The app's listen keys (one service per app, so the app's stream hub hears the keys closed through it). */
export function listenKeysOf(ctx: AppContext): ListenKeys {
  let keys = services.get(ctx);
  if (!keys) services.set(ctx, (keys = new ListenKeys(ctx.pool, secretBox(ctx), () => ctx.clock.now())));
  return keys;
}

export class ListenKeys {
  private readonly closedListeners = new Set<(keyHash: string) => void>();

  constructor(
    private readonly db: Queryable,
    private readonly box: SecretBox,
    readonly now: () => number,
  ) {}

  private at(offsetMs = 0): Date {
    return new Date(this.now() + offsetMs);
  }

  /** The user's live key, renewed, or a new one. */
  async open(userId: number): Promise<string> {
    const key = randomBytes(32).toString('hex');
    const fresh = { keyHash: listenKeyHash(key), sealedKey: this.box.seal(key) };
    const stored = await store.openListenKey(this.db, userId, fresh, this.at(), this.at(LISTEN_KEY_TTL_MS));
    return stored.keyHash === fresh.keyHash ? key : this.box.open(stored.sealedKey);
  }

  /** Renews `key`, or without one (Binance's USDⓈ-M form) the user's live key. */
  async keepAlive(userId: number, key: string | undefined): Promise<string> {
    const renewed = await store.renewListenKey(
      this.db,
      userId,
      this.hashOf(key),
      this.at(),
      this.at(LISTEN_KEY_TTL_MS),
    );
    if (!renewed) throw unknownKey();
    return key ?? this.box.open(renewed.sealedKey);
  }

  /** Closes `key` (or the user's live key); this process's streams on it end at once, other nodes' at their check. */
  async close(userId: number, key: string | undefined): Promise<void> {
    const closed = await store.closeListenKey(this.db, userId, this.hashOf(key), this.at());
    if (closed === null) throw unknownKey();
    for (const listener of this.closedListeners) listener(closed);
  }

  /** The user of a live key and when it lapses; null for an unknown, closed or lapsed key. */
  async find(key: string): Promise<{ userId: number; keyHash: string; expiresAtMs: number } | null> {
    if (!isListenKeyShaped(key)) return null;
    const keyHash = listenKeyHash(key);
    const live = await store.liveListenKey(this.db, keyHash, this.at());
    return live && { userId: live.userId, keyHash, expiresAtMs: live.expiresAt.getTime() };
  }

  /** The stored expiry of each key that still has a row (a lapsed one too); a key missing was closed. */
  async expiries(keyHashes: readonly string[]): Promise<Map<string, number>> {
    const stored = await store.listenKeyExpiries(this.db, keyHashes);
    return new Map([...stored].map(([hash, at]) => [hash, at.getTime()]));
  }

  /** Removes rows lapsed more than `graceMs` ago (other nodes' checks see a lapsed row as lapsed, not closed). */
  removeLapsed(graceMs: number): Promise<number> {
    return store.deleteLapsedListenKeys(this.db, this.at(-graceMs));
  }

  onClosed(listener: (keyHash: string) => void): () => void {
    this.closedListeners.add(listener);
    return () => void this.closedListeners.delete(listener);
  }

  /** Hash of a key given, null without one; a key of no shape this server makes is unknown at once. */
  private hashOf(key: string | undefined): string | null {
    if (key === undefined) return null;
    if (!isListenKeyShaped(key)) throw unknownKey();
    return listenKeyHash(key);
  }
}
