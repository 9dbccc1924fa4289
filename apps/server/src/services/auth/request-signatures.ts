import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed requests of programs (#29): hex HMAC-SHA256 over timestamp + METHOD + path with query + raw body, concatenated
 * without separators, keyed by the API key's secret.
 */
export function signRequest(
  secret: string,
  request: { timestamp: string; method: string; path: string; body: string },
): string {
  return createHmac('sha256', secret)
    .update(`${request.timestamp}${request.method.toUpperCase()}${request.path}${request.body}`)
    .digest('hex');
}

/** Compares a presented hex signature with the expected one in constant time (a wrong length is simply wrong). */
export function signatureMatches(expectedHex: string, presented: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(presented)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(presented.toLowerCase(), 'hex'));
}
