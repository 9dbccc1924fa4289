// What the gateway keeps per connection and per market channel (stream of one symbol).
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { MarketStreamType } from '@tickline/protocol';
import { canWriteDirect } from './direct-write.ts';

export class Client {
  readonly subscriptions = new Set<Channel>();
  /** Channels whose updates were skipped: the next frame on them must be a snapshot. */
  readonly stale = new Set<Channel>();
  userId: number | null = null;
  /** Who the connection's requests run as, once signed in (WsRequests); null otherwise. */
  principal: unknown = null;
  /** Requests sent and not answered yet. */
  inFlight = 0;
  alive = true;
  /** Frames may go straight to the TCP handle (direct-write.ts). */
  readonly direct: boolean;
  tokens: number;
  refilledAtMs: number;
  /** The last multi-channel delivery that handled this client (deliverFlushes). */
  lastDelivery = 0;

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under `socket`: broadcasts write prebuilt frames to it directly. */
    readonly transport: Duplex,
    burst: number,
    nowMs: number,
    /** The peer's address: API keys limited to addresses are checked against it. */
    readonly address: string = '',
  ) {
    this.tokens = burst;
    this.refilledAtMs = nowMs;
    this.direct = canWriteDirect(transport);
  }
}

export class Channel {
  readonly subscribers = new Set<Client>();
  /**
   * Subscribers waiting for a snapshot (new ones, and stale ones of delta channels): they skip broadcasts until it
   * arrives, so it is their first frame and nothing older follows it.
   */
  readonly awaitingSnapshot = new Set<Client>();
  snapshotRequested = false;

  constructor(
    readonly symbol: string,
    readonly stream: MarketStreamType,
  ) {}
}
