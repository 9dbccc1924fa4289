import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
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

/** Short-lived HS256 access tokens carrying the user and session ids. */
export class AccessTokens {
  private readonly key: Uint8Array;

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

  /** Answers the claims, or null for a malformed, tampered, foreign or expired token. */
  async verify(token: string): Promise<VerifiedAccessToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock.now()),
        clockTolerance: 0,
        // A token without an expiry would be valid for ever.
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
      return { userId, sessionId: payload.sid, expiresAtMs: (payload.exp ?? 0) * 1000 };
    } catch {
      return null;
    }
  }
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
