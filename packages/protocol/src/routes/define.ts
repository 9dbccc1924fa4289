// The route table's vocabulary: one definition per REST route of /api/v1, read by the server (registration and
// validation), the OpenAPI document and the web client (types only; the web's runtime reads endpoints.ts).
import type { z } from 'zod';
import type { ErrorName } from '../errors/index.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call: `none` anyone; `optional` anyone, the session used when a token is sent; `user` a member's session;
 * `partner` a member's session whose partner level (≥ 2) the use case checks against the database; `operator` an
 * operator's session, checked before the body is read.
 */
export type RouteAuth = 'none' | 'optional' | 'user' | 'partner' | 'operator';

/**
 * What an API key needs to call the route: `read` (look-ups), `trade` (orders, bets, transfers), or `none`: keys
 * may never call it (withdrawals, security settings, sessions, key management, operator routes).
 */
export type KeyPermission = 'read' | 'trade' | 'none';

/** The server's configured limits (RATE_LIMIT_*): per client address, or per user for calls reaching the engine. */
export type RateLimit =
  | { per: 'address'; name: 'login' | 'register' | 'checkRegister' | 'findId' | 'changePassword' | 'upload' }
  | { per: 'address'; name: 'feedback' | 'refresh' }
  | { per: 'user'; name: 'order' | 'cancel' | 'bet' | 'transfer' };

export interface RouteDefinition {
  method: HttpMethod;
  /** Below /api/v1; `:name` marks a path parameter. */
  path: string;
  auth: RouteAuth;
  permission: KeyPermission;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The envelope's `data` on success. */
  data: z.ZodType;
  /** The envelope's `message` on success, when it is not "Success". */
  message?: string;
  rateLimit?: RateLimit;
  /** What a signed call costs against its key's and its user's budgets (#29): 1 unless set (pages of history more). */
  weight?: number;
  /** The catalogue's errors this route answers besides the ones every route of its kind can (see openapi.ts). */
  errors: readonly ErrorName[];
  /** A multipart/form-data body with one file in this field (uploads). */
  upload?: { field: string };
  /** The answer is a file of this media type, not an envelope. */
  produces?: string;
}

/** Keeps each definition's literal types (method, path, schemas) while checking its shape. */
export function defineRoutes<const T extends Record<string, RouteDefinition>>(routes: T): T {
  return routes;
}

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: the body and the query as the route's schemas accept them. */
export type RouteBody<R extends RouteDefinition> = SchemaIn<R['body']>;
export type RouteQuery<R extends RouteDefinition> = SchemaIn<R['query']>;
export type RouteParams<R extends RouteDefinition> = SchemaIn<R['params']>;
/** What the server's handler receives after validation. */
export type ParsedBody<R extends RouteDefinition> = SchemaOut<R['body']>;
export type ParsedQuery<R extends RouteDefinition> = SchemaOut<R['query']>;
export type ParsedParams<R extends RouteDefinition> = SchemaOut<R['params']>;
/** The envelope's `data` on success. */
export type RouteData<R extends RouteDefinition> = z.output<R['data']>;
