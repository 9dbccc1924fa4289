import { SUCCESS_CODE } from '@tickline/protocol';
import { TicklineError, TicklineTransportError } from './errors.ts';
import { signedHeaders, type ApiKeyCredentials } from './signing.ts';

/** How requests are authenticated: a program's API key (signed requests), a session's access token, or nobody. */
export type ClientAuth = ApiKeyCredentials | { accessToken: string } | null;

export interface TransportOptions {
  /** Where the platform listens, e.g. https://tickline.example or http://127.0.0.1:8080 (no /api/v1). */
  baseUrl: string;
  auth: ClientAuth;
  fetch: typeof fetch;
  /** Milliseconds since 1970 for X-TL-TIMESTAMP (default Date.now); the server allows 5,000 ms either way. */
  now: () => number;
}

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** The path as sent, query included: /api/v1/order/lookup?clientOrderId=a1 */
  path: string;
  body: unknown;
  signal?: AbortSignal | undefined;
}

function isEnvelope(value: unknown): value is { code: number; message?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

function authHeaders(options: TransportOptions, request: ApiRequest, rawBody: string): Record<string, string> {
  const auth = options.auth;
  if (auth === null) return {};
  if ('accessToken' in auth) return { Authorization: `Bearer ${auth.accessToken}` };
  const timestamp = String(options.now());
  return signedHeaders(auth, { timestamp, method: request.method, path: request.path, body: rawBody });
}

/**
 * Sends one request and unwraps the envelope: its data on code 0, a TicklineError with the catalogue's code and
 * message otherwise, a TicklineTransportError when no envelope came back. The body is serialised once, and exactly
 * those bytes are signed and sent.
 */
export async function send(options: TransportOptions, request: ApiRequest): Promise<unknown> {
  const rawBody = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(rawBody === '' ? {} : { 'Content-Type': 'application/json' }),
    ...authHeaders(options, request, rawBody),
  };
  const where = `${request.method} ${request.path}`;
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(options.baseUrl + request.path, {
      method: request.method,
      headers,
      ...(rawBody === '' ? {} : { body: rawBody }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    text = await response.text();
  } catch (cause) {
    throw new TicklineTransportError(`${where} failed`, null, { cause });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (cause) {
    throw new TicklineTransportError(`${where} answered HTTP ${response.status} without an envelope`, response.status, {
      cause,
    });
  }
  if (!isEnvelope(payload))
    throw new TicklineTransportError(`${where} answered HTTP ${response.status} without an envelope`, response.status);
  if (payload.code !== SUCCESS_CODE)
    throw new TicklineError(
      payload.code,
      typeof payload.message === 'string' ? payload.message : '',
      response.status,
      payload.data ?? null,
      retryAfterMs(response),
    );
  return payload.data ?? null;
}
