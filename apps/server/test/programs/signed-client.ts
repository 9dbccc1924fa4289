import type { FastifyInstance } from 'fastify';
import type { CreatedApiKey, Envelope } from '@tickline/protocol';
import { signRequest } from '../../src/services/auth/request-signatures.ts';
import type { TestClock } from '../helpers/test-app.ts';
import { post } from '../helpers/test-app.ts';

/** A program's credentials, as POST /user/apiKeys answered them. */
export type Credentials = CreatedApiKey;

export interface SignedCall {
  method: 'GET' | 'POST';
  /** Path as sent, query included, e.g. /api/v1/order/lookup?clientOrderId=a1. */
  path: string;
  body?: unknown;
  /** Overrides for refusal tests. */
  timestamp?: number;
  signature?: string;
  secret?: string;
}

/** The three headers of a signed request over exactly `rawBody`. */
export function signedHeaders(key: Credentials, call: SignedCall, nowMs: number, rawBody: string) {
  const timestamp = String(call.timestamp ?? nowMs);
  const signature =
    call.signature ??
    signRequest(call.secret ?? key.secret, { timestamp, method: call.method, path: call.path, body: rawBody });
  return { 'x-tl-apikey': key.apiKey, 'x-tl-timestamp': timestamp, 'x-tl-signature': signature };
}

/** Sends a signed request through `inject`; answers status, headers and envelope. */
export async function signedInject<T = unknown>(
  app: FastifyInstance,
  clock: TestClock,
  key: Credentials,
  call: SignedCall,
) {
  const rawBody = call.body === undefined ? '' : JSON.stringify(call.body);
  const response = await app.inject({
    method: call.method,
    url: call.path,
    headers: {
      ...signedHeaders(key, call, clock.now(), rawBody),
      ...(rawBody === '' ? {} : { 'content-type': 'application/json' }),
    },
    ...(rawBody === '' ? {} : { payload: rawBody }),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Envelope<T> };
}

/** Creates a key through the session API (two-factor off). */
export async function createKey(
  app: FastifyInstance,
  accessToken: string,
  body: { label?: string; permissions?: string[]; ips?: string[]; otp?: string } = {},
): Promise<Credentials> {
  const answer = await post<CreatedApiKey>(
    app,
    '/user/apiKeys',
    { label: 'bot', permissions: ['read', 'trade'], ...body },
    accessToken,
  );
  if (answer.body.code !== 0) throw new Error(`key creation failed: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data!;
}
