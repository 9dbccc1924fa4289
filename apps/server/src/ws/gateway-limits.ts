// The gateway's limits, options and counters, apart from the gateway so that processes which only pass limits on
// (the cluster's main process, the engine role) need not load the gateway.
import type { WsRateLimitState } from '@tickline/protocol';
import type { MarketLogger } from '../services/market/logger.ts';
import type { MarketFeed } from '../services/market/feed.ts';
import type { MarketHub, PumpLimits } from './pump.ts';
import type { StreamIdentity } from './session-revocation.ts';
import type { UserPresence } from './user-registry.ts';

export interface GatewayLimits extends PumpLimits {
  /** Largest incoming frame; larger ones close the connection with 1009. */
  maxPayloadBytes: number;
  /** Sustained incoming messages per second, and the burst allowed on top. */
  messagesPerSecond: number;
  messageBurst: number;
  maxSubscriptions: number;
  maxConnections: number;
  /** Above this many unsent bytes a client skips market updates (and gets a snapshot once below). */
  slowClientBytes: number;
  /** Above this (user events keep coming) the connection is closed with 1013. */
  maxBufferedBytes: number;
  heartbeatIntervalMs: number;
  /** Requests (`{id, method, params}`) a connection may have waiting for their answers; more are refused (7108). */
  maxInFlightRequests: number;
}

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxPayloadBytes: 4096,
  messagesPerSecond: 10,
  messageBurst: 40,
  maxSubscriptions: 20,
  maxConnections: 20_000,
  depthLevels: 20,
  // The whole demo ladder (60 levels a side) and room to spare: 100-USDT rows need the book ~1,000 USDT deep.
  deepDepthLevels: 200,
  depthIntervalMs: 100,
  tradeIntervalMs: 100,
  klineIntervalMs: 250,
  tickerIntervalMs: 1000,
  slowClientBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  heartbeatIntervalMs: 30_000,
  maxInFlightRequests: 64,
  recentTrades: 50,
};

/** Resolves an access token to its user (and session), or null when it is invalid (injected from the auth module). */
export type VerifyToken = (token: string) => Promise<StreamIdentity | null>;

/** A program's key login over the socket (KeyAuthRequest). */
export interface KeyLogin {
  apiKey: string;
  timestamp: string;
  signature: string;
}

/** The envelope a request is answered with, and what its key's budget says. Plain data (it crosses IPC). */
export interface RequestAnswer {
  code: number;
  message: string;
  data: unknown;
  rateLimit?: WsRateLimitState;
  retryAfterSeconds?: number;
}

/**
 * Calls of the route table over the socket (ws/route-requests.ts in the API's process; a worker's relays them to
 * it). `principal` is what the connection's login found (StreamIdentity.principal), handed back with each call.
 */
export interface WsRequests {
  /** Checks a key login; answers the identity (principal included) or the catalogued refusal. */
  login(login: KeyLogin, clientAddress: string): Promise<StreamIdentity | { code: number; message: string }>;
  call(
    principal: unknown,
    method: string,
    params: Record<string, unknown>,
    clientAddress: string,
  ): Promise<RequestAnswer>;
}

export interface GatewayOptions {
  /** Market data in this process: the gateway runs its own pump on it. */
  feed?: MarketFeed;
  /** Or a pump shared with other fan-outs (or a worker's relay to the main process's pump). */
  hub?: MarketHub;
  verifyToken?: VerifyToken;
  /** A cluster's websocket node: told when a user's streams open and close here (user-registry.ts). */
  presence?: UserPresence;
  /** Requests over the socket; without it they are answered WS_AUTH_UNAVAILABLE. */
  requests?: WsRequests;
  limits?: Partial<GatewayLimits>;
  logger?: MarketLogger;
  clock?: () => number;
}

export interface GatewayCounters {
  connections: number;
  /** Market frames written (one per subscriber per broadcast). */
  framesSent: number;
  /** Market updates skipped for slow clients. */
  framesSkipped: number;
  snapshotsAfterSkip: number;
  userEventsSent: number;
}
