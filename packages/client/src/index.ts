// @tickline/client: the Tickline API for programs, typed from the route table (docs/trading-api.md).
export { TicklineClient, DEFAULT_RETRY, API_PREFIX, type RetryPolicy, type TicklineClientOptions } from './client.ts';
export { TicklineError, TicklineTransportError } from './errors.ts';
export { newClientOrderId } from './order-paths.ts';
export type { CallableRoute, CallOptions, CallResult, DataOf, OrderPathRoute, QueryOf } from './routes.ts';
export { signatureOf, signedHeaders, type ApiKeyCredentials, type SignedParts } from './signing.ts';
export type { ClientAuth } from './transport.ts';
export {
  TicklineSocket,
  type SocketAnswer,
  type SocketConstructor,
  type SocketLike,
  type TicklineSocketOptions,
} from './socket.ts';
