import { createHmac } from 'node:crypto';

/** An API key and its secret, as POST /api/v1/user/apiKeys answered them (the secret is shown once). */
export interface ApiKeyCredentials {
  apiKey: string;
  secret: string;
}

/** What a signature covers: exactly what goes on the wire. */
export interface SignedParts {
  /** Milliseconds since 1970, as text. */
  timestamp: string;
  method: string;
  /** The path as sent, query included: /api/v1/order/lookup?clientOrderId=a1 */
  path: string;
  /** The raw body as sent; '' when there is none. */
  body: string;
}

/** Hex HMAC-SHA256 with the secret over timestamp + METHOD + path + body, concatenated without separators. */
export function signatureOf(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret)
    .update(`${parts.timestamp}${parts.method.toUpperCase()}${parts.path}${parts.body}`)
    .digest('hex');
}

/** The three headers of a signed request. */
export function signedHeaders(key: ApiKeyCredentials, parts: SignedParts): Record<string, string> {
  return {
    'X-TL-APIKEY': key.apiKey,
    'X-TL-TIMESTAMP': parts.timestamp,
    'X-TL-SIGNATURE': signatureOf(key.secret, parts),
  };
}
