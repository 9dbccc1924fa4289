import type { ClientOrderLookup, ErrorName } from '@tickline/protocol';
import { ROUTES, type RouteDefinition } from '@tickline/protocol/routes';
import { TicklineError, TicklineTransportError } from './errors.ts';
import { ANSWER_FROM_LOOKUP, isOrderPath, newClientOrderId } from './order-paths.ts';
import {
  fillPath,
  queryString,
  type CallableRoute,
  type CallOptions,
  type CallResult,
  type DataOf,
  type OrderPathRoute,
} from './routes.ts';
import { send, type ApiRequest, type ClientAuth, type TransportOptions } from './transport.ts';

export const API_PREFIX = '/api/v1';

/** How hard the client tries before handing an error to the caller. */
export interface RetryPolicy {
  /** Sends of a call answered 1007/1009 (busy, unavailable: nothing was done), the first included. */
  busyAttempts: number;
  /** Look-ups (and safe re-sends with the same client order id) after a 1010 before giving up with it. */
  outcomeAttempts: number;
  /** Backoff: baseDelayMs × 2^attempt with jitter, at most maxDelayMs (or the server's Retry-After if longer). */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { busyAttempts: 5, outcomeAttempts: 5, baseDelayMs: 200, maxDelayMs: 5_000 };

export interface TicklineClientOptions {
  baseUrl: string;
  auth?: ClientAuth;
  retry?: Partial<RetryPolicy>;
  /** Defaults to the global fetch (Node 20 and later). */
  fetch?: typeof fetch;
  /** The clock for X-TL-TIMESTAMP (default Date.now). */
  now?: () => number;
  /** How to wait between attempts (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
}

// Nothing was done: the same request may be sent again.
const BUSY: readonly ErrorName[] = ['SERVICE_BUSY', 'SERVICE_UNAVAILABLE'];

const isBusy = (error: unknown) => error instanceof TicklineError && BUSY.some((name) => error.is(name));
const isUnknownOutcome = (error: unknown) => error instanceof TicklineError && error.is('ENGINE_OUTCOME_UNKNOWN');

/**
 * A client of the Tickline API, typed from the route table: `call('placeOrder', { body })` sends the route's method
 * and path with its body and query as its schemas accept them, and answers its data as its schema describes it.
 * Catalogued refusals are thrown as TicklineError (code, message, catalogue name). Busy answers (1007, 1009) are
 * retried with backoff. An order path always carries a client order id (the caller's, or one generated), so an
 * outcome-unknown answer (1010) is resolved by looking the order up by that id, and sending the same request again
 * when nothing was applied: the server places at most one order per id.
 */
export class TicklineClient {
  private readonly transport: TransportOptions;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: TicklineClientOptions) {
    this.transport = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: options.auth ?? null,
      fetch: options.fetch ?? globalThis.fetch,
      now: options.now ?? Date.now,
    };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Calls a route of the table by name; answers its data. */
  async call<N extends CallableRoute>(name: N, options: CallOptions<N> = {}): Promise<DataOf<N>> {
    return (await this.send(name, options)).data;
  }

  /** As `call`, with the client order id sent (order paths) and whether a 1010 had to be resolved. */
  async send<N extends CallableRoute>(name: N, options: CallOptions<N> = {}): Promise<CallResult<N>> {
    const route: RouteDefinition = ROUTES[name];
    const given = options.body as Record<string, unknown> | undefined;
    const clientOrderId = isOrderPath(name)
      ? ((given?.clientOrderId as string | undefined) ?? newClientOrderId())
      : undefined;
    const request: ApiRequest = {
      method: route.method,
      path:
        API_PREFIX +
        fillPath(route.path, options.params as Record<string, unknown> | undefined) +
        queryString(options.query),
      body: clientOrderId === undefined ? given : { ...given, clientOrderId },
      signal: options.signal,
    };
    try {
      const data = (await this.sendWhileBusy(request)) as DataOf<N>;
      return { data, clientOrderId, resolvedUnknownOutcome: false };
    } catch (error) {
      if (clientOrderId === undefined || !isUnknownOutcome(error)) throw error;
      const data = await this.resolveUnknownOutcome(name as OrderPathRoute, request, clientOrderId, error);
      return { data: data as DataOf<N>, clientOrderId, resolvedUnknownOutcome: true };
    }
  }

  /** What the order path sent with `clientOrderId` did (GET /order/lookup?clientOrderId=); 8013 when nothing. */
  async lookupClientOrder(clientOrderId: string): Promise<ClientOrderLookup> {
    const answer = await this.call('orderHistoryPage', { query: { clientOrderId } });
    if (!('clientOrderId' in answer)) throw new TypeError('the server answered a history page to a look-up');
    return answer;
  }

  private delayMs(attempt: number, error: unknown): number {
    const backoff = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    const jittered = backoff / 2 + (Math.random() * backoff) / 2;
    const serverAsks = error instanceof TicklineError ? (error.retryAfterMs ?? 0) : 0;
    return Math.max(jittered, Math.min(serverAsks, this.retry.maxDelayMs));
  }

  private async sendWhileBusy(request: ApiRequest): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(this.transport, request);
      } catch (error) {
        if (!isBusy(error) || attempt >= this.retry.busyAttempts) throw error;
        await this.sleep(this.delayMs(attempt - 1, error));
      }
    }
  }

  /**
   * After 1010: the order path's command may or may not have been applied. Look it up by its client order id; when
   * it was applied, answer as the route would have; when it was not (8013), send the same request again, which the
   * server applies at most once per id. Busy and unknown answers on the way are waited out; after `outcomeAttempts`
   * the first 1010 is thrown.
   */
  private async resolveUnknownOutcome<N extends OrderPathRoute>(
    name: N,
    request: ApiRequest,
    clientOrderId: string,
    unknown: unknown,
  ): Promise<DataOf<N>> {
    const fromLookup = ANSWER_FROM_LOOKUP[name] as (found: ClientOrderLookup) => DataOf<N>;
    for (let attempt = 0; attempt < this.retry.outcomeAttempts; attempt++) {
      await this.sleep(this.delayMs(attempt, null));
      try {
        return fromLookup(await this.lookupClientOrder(clientOrderId));
      } catch (error) {
        const notApplied = error instanceof TicklineError && error.is('CLIENT_ORDER_NOT_FOUND');
        if (!notApplied && !isRetryable(error)) throw error;
        if (!notApplied) continue;
      }
      try {
        return (await send(this.transport, request)) as DataOf<N>;
      } catch (error) {
        if (!isRetryable(error)) throw error;
      }
    }
    throw unknown;
  }
}

/** Worth another try while resolving an unknown outcome: busy, unknown again, or the server out of reach. */
function isRetryable(error: unknown): boolean {
  return isBusy(error) || isUnknownOutcome(error) || error instanceof TicklineTransportError;
}
