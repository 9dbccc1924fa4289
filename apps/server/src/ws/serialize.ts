/**
 * Builds outgoing frames once per broadcast. Depth is written by hand from integer ticks and lots (no float
 * formatting, no intermediate objects): it is the hottest message. Prices get 2 decimals, quantities 4.
 */
import { PRICE_SCALE, QTY_SCALE } from '@tickline/money';
import { WS_PROTOCOL_VERSION, type UserEventKind, type WsServerMessage } from '@tickline/protocol';
import { formatScaled } from '../domain/market/units.ts';
import type { BookLevel, BookSnapshot } from '../services/market/types.ts';

export function encodeMessage(message: WsServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

/**
 * A user-stream event, built once however many connections (or worker processes) deliver it; `symbol` (an order's
 * or position's market) is sent only when given.
 */
export function userEventPayload(
  event: UserEventKind,
  data: unknown,
  timeMs: number,
  seq: number,
  symbol?: string,
): Buffer {
  const head = { type: 'user', v: WS_PROTOCOL_VERSION, ts: timeMs, seq, event };
  return encodeMessage({ ...head, ...(symbol === undefined ? {} : { symbol }), data } as WsServerMessage);
}

/** Numbers each user's events one by one (`seq`), so a client can tell it missed one. */
export class UserEventSequence {
  private readonly last = new Map<number, number>();

  next(userId: number): number {
    const seq = (this.last.get(userId) ?? 0) + 1;
    this.last.set(userId, seq);
    return seq;
  }
}

export function encodeDepth(
  symbol: string,
  book: BookSnapshot,
  levels: number,
  timeMs: number,
  type: 'depth' | 'depthDeep' = 'depth',
): Buffer {
  return Buffer.from(
    `{"type":"${type}","v":${WS_PROTOCOL_VERSION},"symbol":${JSON.stringify(symbol)},"ts":${timeMs},` +
      `"data":{"a":${encodeLevels(book.asks, levels)},"b":${encodeLevels(book.bids, levels)}}}`,
  );
}

function encodeLevels(levels: readonly BookLevel[], limit: number): string {
  const count = Math.min(limit, levels.length);
  let text = '[';
  for (let i = 0; i < count; i += 1) {
    const level = levels[i]!;
    if (i > 0) text += ',';
    text += `[${formatScaled(level.price, PRICE_SCALE)},${formatScaled(level.qty, QTY_SCALE)}]`;
  }
  return `${text}]`;
}
