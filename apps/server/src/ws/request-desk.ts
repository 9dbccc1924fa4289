/**
 * Requests over the socket (#30): `{id, method, params}` frames of a signed-in connection are handed to the route
 * table's calls (WsRequests) and answered `{type: 'response', id, code, message, data}` in the order they complete.
 * A connection may have `maxInFlightRequests` waiting; more are answered 7108 at once. Key logins (`auth` with an API
 * key) are checked here too; token logins stay the gateway's.
 */
import {
  Errors,
  WS_PROTOCOL_VERSION,
  wsKeyAuthSchema,
  wsRequestFrameSchema,
  type ErrorDefinition,
} from '@tickline/protocol';
import type { MarketLogger } from '../services/market/logger.ts';
import type { Client } from './client.ts';
import type { RequestAnswer, WsRequests } from './gateway-limits.ts';
import type { StreamIdentity } from './session-revocation.ts';

type RequestId = string | number;

/** What the desk needs of the gateway: sending, and signing a connection in. */
export interface DeskHost {
  respond(client: Client, id: RequestId, answer: RequestAnswer): void;
  sendError(client: Client, error: ErrorDefinition): void;
  /** Signs the connection in with this identity, or answers the refusal; false when its session has ended. */
  signIn(client: Client, identity: StreamIdentity | null, refusal?: { code: number; message: string }): void;
}

const refusal = (error: ErrorDefinition): RequestAnswer => ({ code: error.code, message: error.message, data: null });

/** A frame meant as a request: it names a method and has no message type. */
export function isRequestFrame(message: Record<string, unknown>): boolean {
  return message.type === undefined && 'method' in message;
}

/** An `auth` frame with an API key instead of a token. */
export function isKeyLogin(message: Record<string, unknown>): boolean {
  return message.apiKey !== undefined && message.token === undefined;
}

export class RequestDesk {
  constructor(
    private readonly requests: WsRequests | null,
    private readonly maxInFlight: number,
    private readonly host: DeskHost,
    private readonly logger: MarketLogger,
  ) {}

  handleRequest(client: Client, message: Record<string, unknown>): void {
    const frame = wsRequestFrameSchema.safeParse(message);
    if (!frame.success) return this.host.sendError(client, Errors.WS_INVALID_MESSAGE);
    const { id, method, params } = frame.data;
    if (!this.requests) return this.host.respond(client, id, refusal(Errors.WS_AUTH_UNAVAILABLE));
    if (client.principal === null) return this.host.respond(client, id, refusal(Errors.SESSION_INVALID));
    if (client.inFlight >= this.maxInFlight)
      return this.host.respond(client, id, refusal(Errors.WS_TOO_MANY_IN_FLIGHT));
    client.inFlight += 1;
    this.requests.call(client.principal, method, params ?? {}, client.address).then(
      (answer) => this.finish(client, id, answer),
      (error: unknown) => {
        this.logger.warn({ err: String(error), method }, 'websocket request failed');
        this.finish(client, id, refusal(Errors.INTERNAL));
      },
    );
  }

  async login(client: Client, message: Record<string, unknown>): Promise<void> {
    if (!this.requests) return this.host.sendError(client, Errors.WS_AUTH_UNAVAILABLE);
    const frame = wsKeyAuthSchema.safeParse(message);
    if (!frame.success) return this.host.sendError(client, Errors.WS_INVALID_MESSAGE);
    const { apiKey, timestamp, signature } = frame.data;
    let outcome: StreamIdentity | { code: number; message: string };
    try {
      outcome = await this.requests.login({ apiKey, timestamp, signature }, client.address);
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'websocket key login failed');
      outcome = Errors.INTERNAL;
    }
    if ('code' in outcome) return this.host.signIn(client, null, outcome);
    this.host.signIn(client, outcome);
  }

  private finish(client: Client, id: RequestId, answer: RequestAnswer): void {
    client.inFlight -= 1;
    this.host.respond(client, id, answer);
  }
}

/** The response frame of an answer. */
export function responseMessage(id: RequestId, answer: RequestAnswer) {
  return { type: 'response' as const, v: WS_PROTOCOL_VERSION, id, ...answer };
}
