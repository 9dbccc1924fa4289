// The frames of requests over the websocket (#30), as schemas: what the gateway accepts and what it answers. The
// TypeScript shapes are in ws.ts (WsRequestFrame, KeyAuthRequest, WsResponseMessage); the methods in routes/ws-methods.ts.
import { z } from 'zod';
import { WS_PROTOCOL_VERSION, WS_REQUEST_ID_MAX_LENGTH } from './ws.ts';

export const wsRequestIdSchema = z.union([
  z.string().min(1).max(WS_REQUEST_ID_MAX_LENGTH),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);

/** `{id, method, params}`: params an object (the route's body or query), checked by the route's own schemas. */
export const wsRequestFrameSchema = z.object({
  id: wsRequestIdSchema,
  method: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** An `auth` frame with an API key (KeyAuthRequest). */
export const wsKeyAuthSchema = z.object({
  type: z.literal('auth'),
  apiKey: z.string().min(1).max(128),
  timestamp: z.string().min(1).max(128),
  signature: z.string().min(1).max(128),
});

export const wsRateLimitStateSchema = z.object({
  limit: z.number(),
  remaining: z.number(),
  resetSeconds: z.number(),
  weight: z.number(),
});

/** The answer to a request: its id and the REST envelope of the call. */
export const wsResponseMessageSchema = z.object({
  type: z.literal('response'),
  v: z.literal(WS_PROTOCOL_VERSION),
  id: wsRequestIdSchema,
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
  rateLimit: wsRateLimitStateSchema.optional(),
  retryAfterSeconds: z.number().optional(),
});
