/**
 * Websocket protocol of `/ws` (and the optional second port). The seeds' messages are kept exactly
 * (`subscribe` with `symbol` and `streamType`, answered by `depth` / `ticker` with `data`); every message we send
 * also carries `v` (the protocol version) and, for market streams, `symbol` and `ts` (server time when the payload
 * was built, epoch ms). Numbers: prices with 2 decimals, quantities with 4, formatted from integer ticks and lots.
 */

import type { CoinMarket, HomeTicker } from './api/market.ts';
import type { Alarm } from './api/accounts.ts';
import type { KlineRow, OptionOrderRow, PositionRow, UserOrderEvent } from './api/trading.ts';

export const WS_PROTOCOL_VERSION = 1 as const;
export type WsProtocolVersion = typeof WS_PROTOCOL_VERSION;
export const WS_PATH = '/ws';

/** Public market streams a client can subscribe to per symbol. */
/**
 * `depthDeep` is the book's coarse groupings' depth (#33 item 2): as `depth`, same interval, but many more levels a
 * side (the gateway's `deepDepthLevels`), sent only to clients that subscribe to it.
 */
export const SYMBOL_STREAM_TYPES = ['depth', 'ticker', 'trade', 'kline', 'depthDeep'] as const;
/**
 * Market-wide lists, subscribed with the symbol MARKET_LIST_SYMBOL: `tickers` (the home table's eight symbols, as
 * GET /market/tickers) and `coins` (the top 30, as GET /market/coins without sparklines). Sent on subscribe and then
 * every second while they change.
 */
export const MARKET_LIST_STREAM_TYPES = ['tickers', 'coins'] as const;
export const MARKET_LIST_SYMBOL = 'ALL';
export const MARKET_STREAM_TYPES = [...SYMBOL_STREAM_TYPES, ...MARKET_LIST_STREAM_TYPES] as const;
export type MarketStreamType = (typeof MARKET_STREAM_TYPES)[number];
export type MarketListStreamType = (typeof MARKET_LIST_STREAM_TYPES)[number];

export function isMarketListStream(stream: MarketStreamType): stream is MarketListStreamType {
  return (MARKET_LIST_STREAM_TYPES as readonly string[]).includes(stream);
}

/** Kinds of events on the authenticated user stream, published as the sequencer commits them. */
export const USER_EVENT_KINDS = ['order', 'position', 'balance', 'optionOrder', 'alarm', 'wallet'] as const;
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

/** `wallet` user event: a deposit or withdrawal of the user changed (status, confirmations, chain state); reload it. */
export interface WalletUserEvent {
  kind: 'deposit' | 'withdrawal';
}

/** Close codes the gateway uses (RFC 6455 §7.4.1). */
export const WS_CLOSE_CODES = {
  goingAway: 1001,
  /** Message flood: the per-connection rate limit was exceeded. */
  policyViolation: 1008,
  /** An incoming frame was larger than the cap. */
  messageTooBig: 1009,
  /** The client could not keep up even with snapshots. */
  tryAgainLater: 1013,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Client → server

export interface SubscribeRequest {
  type: 'subscribe';
  symbol: string;
  streamType: MarketStreamType;
}

export interface UnsubscribeRequest {
  type: 'unsubscribe';
  symbol: string;
  streamType: MarketStreamType;
}

/**
 * Starts the user stream of the token's owner on this connection, and lets it send requests (`WsRequestFrame`):
 * with a session's access token, or with an API key signed as a REST call is (`KeyAuthRequest`).
 */
export interface AuthRequest {
  type: 'auth';
  token: string;
}

/** The request a key login signs: HMAC-SHA256(secret, timestamp + 'GET' + '/ws/login'), as signed REST calls are. */
export const WS_LOGIN_METHOD = 'GET';
export const WS_LOGIN_PATH = `${WS_PATH}/login`;

/** A program's login with an API key: its requests are then checked against the key's permissions and budgets. */
export interface KeyAuthRequest {
  type: 'auth';
  apiKey: string;
  /** Milliseconds since 1970, as text; within the receive window of the server's clock. */
  timestamp: string;
  /** Hex HMAC-SHA256 with the key's secret over timestamp + WS_LOGIN_METHOD + WS_LOGIN_PATH. */
  signature: string;
}

/** A request's id: the caller's, echoed in its answer. */
export type WsRequestId = string | number;
export const WS_REQUEST_ID_MAX_LENGTH = 64;

/**
 * A call of a route of the table over the socket (see @tickline/protocol/routes `WsMethod`): `method` is the route's
 * name, `params` its body (POST routes) or its query (GET routes). Answered by one `WsResponseMessage` with the same
 * id, in the order the calls complete.
 */
export interface WsRequestFrame {
  id: WsRequestId;
  method: string;
  params?: Record<string, unknown>;
}

/** The seeds' option-screen socket: accepted and acknowledged; results arrive on the authenticated user stream. */
export interface OptionPositionsSubscribeRequest {
  type: 'optionPositionsSubscribe';
  userNo: number | string;
}

export interface OptionPositionsUnsubscribeRequest {
  type: 'optionPositionsUnsubscribe';
  userNo: number | string;
}

/** Application-level keep-alive for clients that cannot send ping frames (browsers). */
export interface PingRequest {
  type: 'ping';
}

export type WsClientMessage =
  | SubscribeRequest
  | UnsubscribeRequest
  | AuthRequest
  | KeyAuthRequest
  | OptionPositionsSubscribeRequest
  | OptionPositionsUnsubscribeRequest
  | PingRequest;

// ---------------------------------------------------------------------------------------------------------------
// Server → client

/** [price, quantity]. */
export type PriceLevel = [number, number];

export interface DepthData {
  /** Asks, best (lowest) first. */
  a: PriceLevel[];
  /** Bids, best (highest) first. */
  b: PriceLevel[];
}

interface MarketMessageBase {
  v: WsProtocolVersion;
  symbol: string;
  /** Server time when the payload was built (epoch ms). */
  ts: number;
}

/** Full top-of-book snapshot (not a delta): sent on subscribe and then at most every 100 ms while the book changes. */
export interface DepthMessage extends MarketMessageBase {
  type: 'depth';
  data: DepthData;
}

/** `depth` with more levels a side, for coarse groupings (`depthDeep` stream). */
export interface DepthDeepMessage extends MarketMessageBase {
  type: 'depthDeep';
  data: DepthData;
}

export interface TickerData {
  /** Last price. */
  close: number;
  /** 24 h change in percent, 2 decimals (1.25 = +1.25 %). */
  percentChange: number;
  markPrice: number;
  indexPrice: number;
  /** Estimated funding rate of the current interval as a fraction (0.0001 = 0.01 %). */
  fundingRate: number;
  /** Next funding settlement, epoch ms. */
  fundingTime: number;
  /** 24 h high and low (prices) and volume (BTC). */
  high: number;
  low: number;
  volume: number;
}

/** Sent on subscribe and then every second. */
export interface TickerMessage extends MarketMessageBase {
  type: 'ticker';
  data: TickerData;
}

export interface TradeData {
  id: number;
  price: number;
  qty: number;
  /** Side of the taker. */
  side: 'buy' | 'sell';
  /** Epoch ms. */
  time: number;
}

/** Trades since the previous message, oldest first; on subscribe (or after a skipped backlog) the recent trades. */
export interface TradeMessage extends MarketMessageBase {
  type: 'trade';
  data: TradeData[];
}

/** A 1-minute candle (the schema is `KlineRow` of GET /market/klines). */
export type KlineData = KlineRow;

/** The current 1-minute candle, sent on subscribe and whenever it changes (at most every 250 ms). */
export interface KlineMessage extends MarketMessageBase {
  type: 'kline';
  interval: '1m';
  data: KlineData;
}

/** The home table's tickers (stream `tickers`, symbol MARKET_LIST_SYMBOL). */
export interface TickersMessage extends MarketMessageBase {
  type: 'tickers';
  data: HomeTicker[];
}

/** The top-30 coins (stream `coins`, symbol MARKET_LIST_SYMBOL), without sparklines. */
export interface CoinsMessage extends MarketMessageBase {
  type: 'coins';
  data: CoinMarket[];
}

export interface SubscribedMessage {
  type: 'subscribed' | 'unsubscribed';
  v: WsProtocolVersion;
  symbol: string;
  streamType: MarketStreamType;
}

export interface AuthOkMessage {
  type: 'auth';
  v: WsProtocolVersion;
  data: { userId: number };
}

/** The data of each kind of user event, in the shapes of the REST answers. */
export interface UserEventData {
  /** A resting order's view plus its path and status (open, filled, cancelled). */
  order: UserOrderEvent;
  /** The position after the change; null once closed. */
  position: PositionRow | null;
  /** A hint to reload GET /user/balance (the figures need the whole wallet). */
  balance: { changed: true };
  optionOrder: OptionOrderRow;
  /** A stored alarm (liquidation, TP/SL, option result, wallet, account notices), as GET /alarm/lookup lists it. */
  alarm: Alarm & { kind?: string };
  wallet: WalletUserEvent;
}

/**
 * One user-stream event. `seq` counts the user's events on this server, one by one: a client that sees a number
 * skipped missed an event and reloads what the stream keeps current. `symbol` names the market of an `order` or
 * `position` event (#34), also of a closed position, whose `data` is null; other events have none.
 */
export type UserEventMessage = {
  [K in UserEventKind]: {
    type: 'user';
    v: WsProtocolVersion;
    ts: number;
    seq: number;
    event: K;
    symbol?: string;
    data: UserEventData[K];
  };
}[UserEventKind];

export interface OptionPositionsAckMessage {
  type: 'optionPositions';
  v: WsProtocolVersion;
  userNo: number | string;
  subscribed: boolean;
}

export interface PongMessage {
  type: 'pong';
  v: WsProtocolVersion;
  ts: number;
}

/** A refused message; `code` comes from the error catalogue (7xxx, or 40000 for an invalid token). */
export interface ErrorMessage {
  type: 'error';
  v: WsProtocolVersion;
  code: number;
  message: string;
}

/** What a program's call of a route costs against its key's budget (signed in with a key only). */
export interface WsRateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  weight: number;
}

/**
 * The answer to a `WsRequestFrame`: its id and the REST envelope of the same call (code 0 and the route's data, or a
 * catalogued refusal). `retryAfterSeconds` comes with RATE_LIMITED, as REST's Retry-After.
 */
export interface WsResponseMessage<T = unknown> {
  type: 'response';
  v: WsProtocolVersion;
  id: WsRequestId;
  code: number;
  message: string;
  data: T | null;
  rateLimit?: WsRateLimitState;
  retryAfterSeconds?: number;
}

export type WsServerMessage =
  | DepthMessage
  | DepthDeepMessage
  | TickerMessage
  | TradeMessage
  | KlineMessage
  | TickersMessage
  | CoinsMessage
  | SubscribedMessage
  | AuthOkMessage
  | UserEventMessage
  | OptionPositionsAckMessage
  | PongMessage
  | ErrorMessage
  | WsResponseMessage;
