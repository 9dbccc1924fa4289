import { Errors, SUCCESS_CODE } from '@tickline/protocol';
import { ENDPOINTS } from '@tickline/protocol/endpoints';
import type { RouteBody, RouteData, RouteName, RouteQuery, Routes } from '@tickline/protocol/routes';
import { localizeServerMessage } from '../i18n/serverMessages.ts';
import { clearSession, getSession, saveTokens } from './session.ts';

export const API_BASE = '/api/v1';
export const SESSION_INVALID_CODE = Errors.SESSION_INVALID.code;

/** One answer of the API: the seeds' envelope plus the HTTP status (some screens tell non-200 apart). */
export interface ApiResponse<T> {
  httpStatus: number;
  code: number;
  message: string;
  data: T | null;
}

/** The request never produced an envelope: offline, refused, or an answer that is not ours. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A handled answer with a non-zero code, thrown by `apiData` for query-style calls. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads). */
  formData?: FormData;
  /** Send the bearer token and handle 40000 (default true). */
  auth?: boolean;
  /** On 40000, refresh the session once and retry (default true). */
  refresh?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST';

function isEnvelope(value: unknown): value is { code: number; message?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

async function send<T>(
  method: Method,
  path: string,
  options: RequestOptions,
  accessToken: string | null,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.auth !== false && accessToken) headers.Authorization = `Bearer ${accessToken}`;

  let response: Response;
  try {
    response = await fetch(API_BASE + path, { method, headers, body, signal: options.signal ?? null });
  } catch (cause) {
    throw new NetworkError(`${method} ${path} failed`, { cause });
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (cause) {
    throw new NetworkError(`${method} ${path} answered HTTP ${response.status} without an envelope`, { cause });
  }
  if (!isEnvelope(payload)) throw new NetworkError(`${method} ${path} answered without an envelope`);
  return {
    httpStatus: response.status,
    code: payload.code,
    message: localizeServerMessage(payload.code, typeof payload.message === 'string' ? payload.message : ''),
    data: (payload.data ?? null) as T | null,
  };
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Exchanges the stored refresh token for a new pair. Single-flight: every request that met 40000 at the same
 * time waits on the same exchange, because the server rotates refresh tokens and treats reuse as theft.
 */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const { refreshToken } = getSession();
    if (!refreshToken) {
      clearSession();
      return false;
    }
    try {
      const answer = await send<TokenPair>('POST', '/auth/refresh', { body: { refreshToken }, auth: false }, null);
      if (answer.code === SUCCESS_CODE && answer.data?.accessToken && answer.data.refreshToken) {
        saveTokens(answer.data.accessToken, answer.data.refreshToken);
        return true;
      }
      clearSession();
      return false;
    } catch {
      // Offline is not proof that the session is gone: keep it and let the caller see the 40000.
      return false;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Calls the API and returns its envelope. On 40000 for an authenticated call it refreshes the session once
 * (silently) and retries; when that fails the session is cleared (seeds §4), which sends guarded screens to /login.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const usedToken = getSession().accessToken;
  const first = await send<T>(method, path, options, usedToken);
  if (first.code !== SESSION_INVALID_CODE || options.auth === false || options.refresh === false) return first;

  // Another request may already have refreshed while this one was in flight.
  const current = getSession().accessToken;
  const canRetry = current !== null && current !== usedToken ? true : await refreshSession();
  if (!canRetry) return first;
  const retried = await send<T>(method, path, options, getSession().accessToken);
  if (retried.code === SESSION_INVALID_CODE) clearSession();
  return retried;
}

/** Query-style call: the data on code 0, otherwise an ApiError carrying the server's code and message. */
export async function apiData<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const answer = await apiRequest<T>(method, path, options);
  if (answer.code !== SUCCESS_CODE) throw new ApiError(answer.code, answer.message, answer.httpStatus);
  return answer.data as T;
}

export function isSuccess(answer: ApiResponse<unknown>): boolean {
  return answer.code === SUCCESS_CODE;
}

/** A route's query as the web sends it: the schema's field names, values turned to text (empty ones left out). */
type QueryOf<N extends RouteName> = { [K in keyof NonNullable<RouteQuery<Routes[N]>>]?: string | number | boolean };

/** A call of one route of the table: its body and query as the route's schemas accept them. */
export interface CallOptions<N extends RouteName> extends Omit<RequestOptions, 'body'> {
  body?: RouteBody<Routes[N]>;
  query?: QueryOf<N>;
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls a route of the table by name (@tickline/protocol/routes): the method and path come from the table, the
 * body's and the answer's types from its schemas. Answers the envelope, as apiRequest.
 */
export function call<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiResponse<RouteData<Routes[N]>>> {
  const [method, path] = ENDPOINTS[name];
  const { query, ...rest } = options;
  return apiRequest<RouteData<Routes[N]>>(method, withQuery(path, query), rest);
}

/** Query-style call of a route by name: the data on code 0, otherwise an ApiError (as apiData). */
export async function callData<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<RouteData<Routes[N]>> {
  const answer = await call(name, options);
  if (answer.code !== SUCCESS_CODE) throw new ApiError(answer.code, answer.message, answer.httpStatus);
  return answer.data as RouteData<Routes[N]>;
}
