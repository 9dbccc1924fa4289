/**
 * The user data streams open on this node, each on a listen key (fapi/listen-keys.ts). Events are fanned out from
 * memory (no database read per event); a periodic check re-reads the stored expiry of the keys of the open streams,
 * so a key renewed on another node stays open here, a lapsed one ends with `listenKeyExpired`, and a key closed on
 * another node (DELETE) ends its streams within one check. A key closed through this node ends them at once.
 */
import { WebSocket } from 'ws';
import type { ListenKeys } from './listen-keys.ts';

/** How often the open streams' keys are re-read: the bound for a DELETE on another node to end a stream here. */
export const KEY_CHECK_MS = 10_000;
/** Lapsed rows kept this long before removal, so that every node's check still reads them as lapsed, not closed. */
const LAPSED_ROWS_KEPT_MS = 60_000;

/** A stream's key as found when it opened; the expiry is updated by each check. */
export interface StreamKey {
  key: string;
  keyHash: string;
  userId: number;
  expiresAtMs: number;
}

export interface KeyStream {
  ws: WebSocket;
  combined: boolean;
  key?: StreamKey;
}

export class ListenKeyStreams {
  private readonly users = new Map<number, Set<KeyStream>>();
  private readonly timer: NodeJS.Timeout;
  /** The checks asked for, one after another; the timer adds none while one waits. */
  private checks: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly stopClosed: () => void;

  constructor(readonly keys: ListenKeys) {
    this.timer = setInterval(() => {
      if (this.pending === 0) void this.check();
    }, KEY_CHECK_MS);
    this.timer.unref();
    this.stopClosed = keys.onClosed((keyHash) => {
      for (const stream of this.streams()) if (stream.key!.keyHash === keyHash) this.end(stream, false);
    });
  }

  add(stream: KeyStream, key: StreamKey): void {
    stream.key = key;
    let set = this.users.get(key.userId);
    if (!set) this.users.set(key.userId, (set = new Set()));
    set.add(stream);
  }

  remove(stream: KeyStream): void {
    if (!stream.key) return;
    const set = this.users.get(stream.key.userId);
    set?.delete(stream);
    if (set?.size === 0) this.users.delete(stream.key.userId);
  }

  hasUser(userId: number): boolean {
    return this.users.has(userId);
  }

  /** Sends a user data event to the user's streams. */
  publishToUser(userId: number, event: unknown): void {
    const set = this.users.get(userId);
    if (!set) return;
    const raw = JSON.stringify(event);
    for (const stream of set) this.send(stream, raw);
  }

  private send(stream: KeyStream, raw: string): void {
    if (stream.ws.readyState !== WebSocket.OPEN) return;
    stream.ws.send(stream.combined ? `{"stream":"${stream.key!.key}","data":${raw}}` : raw);
  }

  private streams(): KeyStream[] {
    return [...this.users.values()].flatMap((set) => [...set]);
  }

  /** Ends a stream: a lapsed key says so first (`listenKeyExpired`), a closed one just closes. */
  private end(stream: KeyStream, lapsed: boolean): void {
    if (lapsed) this.send(stream, JSON.stringify({ e: 'listenKeyExpired', E: Date.now(), listenKey: stream.key!.key }));
    this.remove(stream);
    stream.ws.close();
  }

  /** Re-reads the open streams' keys and removes old lapsed rows, after any check under way (a test calls it). */
  check(): Promise<void> {
    this.pending += 1;
    this.checks = this.checks
      .then(() => this.recheck())
      .catch(() => undefined) // the database unreachable: the next check tries again
      .finally(() => (this.pending -= 1));
    return this.checks;
  }

  private async recheck(): Promise<void> {
    const open = this.streams();
    if (open.length > 0) {
      const stored = await this.keys.expiries([...new Set(open.map((stream) => stream.key!.keyHash))]);
      const now = this.keys.now();
      for (const stream of open) {
        const key = stream.key!;
        // No row: closed, unless it lapsed as far as this node knew and a node removed it since.
        const expiresAtMs = stored.get(key.keyHash);
        if (expiresAtMs === undefined) this.end(stream, key.expiresAtMs <= now);
        else if (expiresAtMs <= now) this.end(stream, true);
        else key.expiresAtMs = expiresAtMs;
      }
    }
    await this.keys.removeLapsed(LAPSED_ROWS_KEPT_MS);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stopClosed();
    await this.checks;
  }
}
