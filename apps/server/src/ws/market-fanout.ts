/**
 * The gateway's market half: channels (one symbol's stream) and their subscribers, and the fan-out of the pump's
 * payloads. Each payload is framed ONCE and the same bytes are written to every subscriber's socket; frames falling
 * due together (depth and ticker, each second) reach a client in one write. A client whose socket buffer is over
 * `slowClientBytes` skips updates instead of queueing them without bound, and gets a fresh snapshot once it has
 * caught up.
 */
import { WebSocket } from 'ws';
import type { MarketStreamType } from '@tickline/protocol';
import { Channel, type Client } from './client.ts';
import { unsentBytes, writeFrame } from './direct-write.ts';
import type { GatewayCounters, GatewayLimits } from './gateway-limits.ts';
import { channelKey, type MarketFlush, type MarketLink } from './pump.ts';

/** A channel's frame in one delivery. */
interface DueFrame {
  channel: Channel;
  frame: Buffer;
  /** Only what changed since the last flush (trades). */
  delta: boolean;
  /** A stale subscriber skipped this delta: the channel needs a snapshot request. */
  snapshotNeeded: boolean;
}

export class MarketFanout {
  private readonly channels = new Map<string, Channel>();
  /** Multi-channel deliveries so far (each client remembers the last one that handled it). */
  private deliveries = 0;

  constructor(
    private readonly market: MarketLink,
    private readonly limits: GatewayLimits,
    private readonly counters: GatewayCounters,
  ) {}

  /**
   * Adds the client to the channel (watching it on the pump when it is the first), calls `acknowledge`, then asks
   * for a snapshot as its first frame (which may arrive at once, so after the acknowledgement). False, and nothing
   * changed, when the client is at its subscription limit.
   */
  subscribe(client: Client, symbol: string, stream: MarketStreamType, acknowledge: () => void): boolean {
    const key = channelKey(symbol, stream);
    let channel = this.channels.get(key);
    if (!channel || !client.subscriptions.has(channel)) {
      if (client.subscriptions.size >= this.limits.maxSubscriptions) return false;
      if (!channel) {
        channel = new Channel(symbol, stream);
        this.channels.set(key, channel);
        this.market.watch(symbol, stream);
      }
      channel.subscribers.add(client);
      client.subscriptions.add(channel);
    }
    acknowledge();
    channel.awaitingSnapshot.add(client);
    this.requestSnapshot(channel);
    return true;
  }

  unsubscribe(client: Client, symbol: string, stream: MarketStreamType): void {
    const channel = this.channels.get(channelKey(symbol, stream));
    if (channel && client.subscriptions.delete(channel)) this.removeSubscriber(channel, client);
  }

  /** A closed connection leaves every channel it was on. */
  dropClient(client: Client): void {
    for (const channel of client.subscriptions) this.removeSubscriber(channel, client);
    client.subscriptions.clear();
  }

  private removeSubscriber(channel: Channel, client: Client): void {
    channel.subscribers.delete(client);
    channel.awaitingSnapshot.delete(client);
    client.stale.delete(channel);
    if (channel.subscribers.size > 0) return;
    this.channels.delete(channelKey(channel.symbol, channel.stream));
    this.market.unwatch(channel.symbol, channel.stream);
  }

  /**
   * One pump run: a single frame is broadcast as is. Several (each second the depth and the ticker) reach each client
   * in one write: the frames of the channels it takes this run, concatenated once per combination of channels and
   * written like a single frame (straight to the handle), instead of corking every socket and writing through the
   * stream (several times the user-space CPU per client).
   */
  deliverFlushes(flushes: readonly MarketFlush[]): void {
    if (flushes.length === 1) return this.broadcast(flushes[0]!);
    const due: DueFrame[] = [];
    for (const flush of flushes) {
      const channel = this.channels.get(channelKey(flush.symbol, flush.stream));
      if (channel) due.push({ channel, frame: textFrame(flush.payload), delta: flush.delta, snapshotNeeded: false });
    }
    const delivery = (this.deliveries += 1);
    /** The bytes for each combination of two or more frames (indexes into `due`, joined), built on first use. */
    const combined = new Map<string, Buffer>();
    const picked: number[] = [];
    for (let i = 0; i < due.length; i += 1) {
      for (const client of due[i]!.channel.subscribers) {
        // A client on several channels is handled once, at the first of them.
        if (client.lastDelivery === delivery) continue;
        client.lastDelivery = delivery;
        picked.length = 0;
        for (let j = i; j < due.length; j += 1) {
          if ((j === i || due[j]!.channel.subscribers.has(client)) && this.admit(client, due[j]!)) picked.push(j);
        }
        if (picked.length === 0) continue;
        writeFrame(client.transport, this.framesOf(due, picked, combined), client.direct);
        this.counters.framesSent += picked.length;
      }
    }
    for (const { channel, snapshotNeeded } of due) if (snapshotNeeded) this.requestSnapshot(channel);
  }

  /** The bytes of the picked frames: a single one as it is, a combination concatenated once per delivery. */
  private framesOf(due: readonly DueFrame[], picked: readonly number[], combined: Map<string, Buffer>): Buffer {
    if (picked.length === 1) return due[picked[0]!]!.frame;
    const key = picked.join();
    let bytes = combined.get(key);
    if (!bytes) combined.set(key, (bytes = Buffer.concat(picked.map((j) => due[j]!.frame))));
    return bytes;
  }

  /** The answer to a snapshot request: the first frame of every subscriber waiting for one. */
  deliverSnapshot(symbol: string, stream: MarketStreamType, payload: Buffer | null): void {
    const channel = this.channels.get(channelKey(symbol, stream));
    if (!channel) return;
    channel.snapshotRequested = false;
    const frame = payload ? textFrame(payload) : null;
    for (const client of channel.awaitingSnapshot) {
      if (frame && client.socket.readyState === WebSocket.OPEN && client.transport.writable) {
        writeFrame(client.transport, frame, client.direct);
        this.counters.framesSent += 1;
      }
    }
    channel.awaitingSnapshot.clear();
  }

  /** One request per channel at a time: a subscribe storm costs one snapshot. */
  private requestSnapshot(channel: Channel): void {
    if (channel.snapshotRequested) return;
    channel.snapshotRequested = true;
    this.market.requestSnapshot(channel.symbol, channel.stream);
  }

  /** Writes one payload to every subscriber, framed once: the same bytes go to every socket (see `admit`). */
  private broadcast(flush: MarketFlush): void {
    const channel = this.channels.get(channelKey(flush.symbol, flush.stream));
    if (!channel) return;
    const due: DueFrame = { channel, frame: textFrame(flush.payload), delta: flush.delta, snapshotNeeded: false };
    for (const client of channel.subscribers) {
      if (!this.admit(client, due)) continue;
      // ws writes whole frames synchronously (no compression), so a frame written here never splits one of its own.
      writeFrame(client.transport, due.frame, client.direct);
      this.counters.framesSent += 1;
    }
    if (due.snapshotNeeded) this.requestSnapshot(channel);
  }

  /**
   * Whether a subscriber takes this broadcast of the channel. Slow clients skip it and are marked stale; a stale
   * client that has caught up takes it when it is a snapshot, or waits for a snapshot when it is a delta (trades:
   * `due.snapshotNeeded` is set, and the caller requests one).
   */
  private admit(client: Client, due: DueFrame): boolean {
    const { socket, transport } = client;
    const { channel } = due;
    if (socket.readyState !== WebSocket.OPEN || !transport.writable) return false;
    if (channel.awaitingSnapshot.size > 0 && channel.awaitingSnapshot.has(client)) return false;
    // Unsent bytes queued in the process (ws compresses nothing, so its own queue is always empty).
    if (unsentBytes(transport) > this.limits.slowClientBytes) {
      client.stale.add(channel);
      this.counters.framesSkipped += 1;
      return false;
    }
    if (client.stale.size > 0 && client.stale.delete(channel)) {
      this.counters.snapshotsAfterSkip += 1;
      if (due.delta) {
        channel.awaitingSnapshot.add(client);
        due.snapshotNeeded = true;
        return false;
      }
    }
    return true;
  }
}

/** An unmasked, unfragmented text frame (RFC 6455 §5.2), as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
