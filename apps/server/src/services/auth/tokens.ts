import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

const ISSUER = 'tickline';
const AUDIENCE = 'tickline-api';

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedAccessToken extends AccessTokenClaims {
  /** The token's `exp`, in milliseconds. */
  expiresAtMs: number;
}

/** A token that passed every check, with the times a later use is checked against again. */
interface VerifiedToken {
  claims: VerifiedAccessToken;
  exp: number;
  nbf: number | undefined;
}

/**
 * Tokens that passed, kept by their exact text so that a client's next request with the same token is not checked
 * again (#30: the HMAC and the two JSON parts cost the session path more than a signed request's whole check). A
 * token is a pure function of its text and this process's key; whether its session still lives is not decided here
 * (sessions.ts reads that for every request), so keeping it changes no revocation. Bounded; about 200 bytes each.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Short-lived HS256 access tokens carrying the user and session ids. */
export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * Answers the claims, or null for a malformed, tampered, foreign or expired token. Checked here with one HMAC
   * (node:crypto, synchronous) rather than jose's WebCrypto path, which imports the key and runs an async job per
   * token (a fifth of the server's busy time under order entry, bench/api/README.md); the checks are jose's
   * jwtVerify with the options we gave it (test/accounts/access-tokens.test.ts compares the two).
   */
  async verify(token: string): Promise<VerifiedAccessToken | null> {
    const known = this.verified.get(token);
    if (known) {
      // The signature and the claims that do not change were checked when it was stored; the clock's checks are
      // made again, as a full check would (a test clock may even go back).
      const nowSeconds = Math.floor(this.clock.now() / 1000);
      if (known.exp > nowSeconds && (known.nbf === undefined || known.nbf <= nowSeconds)) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const checked = this.verifyNow(token);
    if (checked) {
      // Bounded: the oldest entry goes first (a Map iterates in insertion order).
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, checked);
    }
    return checked?.claims ?? null;
  }

  private verifyNow(token: string): VerifiedToken | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = decodeJsonPart(headerPart);
    // jose refuses any `crit` it does not know (it knows none here) and only HS256 was allowed.
    if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
    const signature = decodeBase64Url(signaturePart);
    const expected = createHmac('sha256', this.key).update(`${headerPart}.${payloadPart}`).digest();
    if (!signature || signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const payload = decodeJsonPart(payloadPart);
    if (!payload || payload.iss !== ISSUER || !audienceMatches(payload.aud)) return null;
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    const { exp, nbf, iat } = payload;
    if (!isNumericDate(exp) || exp <= nowSeconds) return null;
    if (nbf !== undefined && (!isNumericDate(nbf) || nbf > nowSeconds)) return null;
    if (iat !== undefined && !isNumericDate(iat)) return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
    return { claims: { userId, sessionId: payload.sid, expiresAtMs: exp * 1000 }, exp, nbf: nbf as number | undefined };
  }
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The bytes of an unpadded base64url text, or null when it is not one. Stricter than jose, which skips white space
 * and padding inside a part: no token we issue has either.
 */
function decodeBase64Url(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text, 'base64url');
}

/** A JWT part that must be a JSON object. */
function decodeJsonPart(text: string): Record<string, unknown> | null {
  const bytes = decodeBase64Url(text);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(UTF8.decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function isNumericDate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function audienceMatches(aud: unknown): boolean {
  if (typeof aud === 'string') return aud === AUDIENCE;
  return Array.isArray(aud) && aud.every((member) => typeof member === 'string') && aud.includes(AUDIENCE);
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionId(): string {
  return randomUUID();
}
