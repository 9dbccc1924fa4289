import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// TOTP (RFC 6238: SHA-1, 6 digits, 30 s) as every authenticator app reads it, and the sealing of its secrets at rest.

const PERIOD_S = 30;
const ISSUER = 'Tickline';
const RECOVERY_CODES = 10;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), period: PERIOD_S });
}

/** A new secret (160 bits) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(accountLabel: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, accountLabel).toString() };
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either way), else null. The caller
 * refuses a step at or before the last one used, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD_S,
    timestamp: nowMs,
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: nowMs }) + delta;
}

/** The code of `nowMs` (tests and the demo tooling act as the authenticator app). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

/** Ten one-time recovery codes like `k3f9q-2mxd7`, and the hashes that are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase().replace(/\s+/g, '')).digest('hex');
}

/** Seals TOTP secrets at rest with AES-256-GCM under a key derived from the server secret (never stored). */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'tickline', 'totp secrets at rest', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
      '.',
    );
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
