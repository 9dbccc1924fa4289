/**
 * Failures that mean "PostgreSQL cannot be reached right now", not a fault of the request or a bug: answered 503
 * SERVICE_UNAVAILABLE (retryable, with Retry-After) instead of 500. The server exits for a restart once its trading
 * writer has lost the database (main.ts); these answers cover the moments until then.
 */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE classes 08 (connection exception), 57P01–57P03 (shut down / cannot connect now), 53300 (too many). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const CLIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (CLIENT_MESSAGES.some((text) => error.message.includes(text))) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  const inner = error instanceof AggregateError ? error.errors[0] : error.cause;
  return inner !== undefined && inner !== error && isDatabaseUnavailable(inner);
}
