// The audit's keys, all from one 32-byte secret (DATA_DIR/secrets.json in demo mode, AUDIT_SECRET in production;
// derived from the JWT secret when neither is there): the Ed25519 key that signs the round log's head, and the key
// of the reserves' per-user nonces. Derivations are HKDF-SHA256 with a label each, so one leaked key gives no other.
import { createPrivateKey, createPublicKey, hkdfSync, sign, type KeyObject } from 'node:crypto';
import { headText, userHashText } from '@tickline/verify';
import type { Secrets } from '../../services/secrets/secrets.ts';
import { sha256hex } from './merkle-sum-tree.ts';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function derive(secret: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `tickline ${label}`, 32));
}

export class AuditKeys {
  private readonly signingKey: KeyObject;
  /** The raw 32-byte Ed25519 public key, hex. */
  readonly publicKeyHex: string;
  private readonly nonceKey: string;
  /** The secp256k1 key of the account that anchors the log's head on chain (never the hot wallet's). */
  readonly anchorPrivateKey: `0x${string}`;

  constructor(secret: Buffer) {
    if (secret.length !== 32) throw new Error('the audit secret must be 32 bytes');
    const seed = derive(secret, 'round log signing key');
    this.signingKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = createPublicKey(this.signingKey).export({ format: 'der', type: 'spki' });
    this.publicKeyHex = spki.subarray(spki.length - 32).toString('hex');
    this.nonceKey = derive(secret, 'reserves nonces').toString('hex');
    this.anchorPrivateKey = `0x${derive(secret, 'anchor account key').toString('hex')}`;
  }

  static fromSecrets(secrets: Pick<Secrets, 'auditSecret' | 'jwtSecret'>): AuditKeys {
    const secret = secrets.auditSecret
      ? Buffer.from(secrets.auditSecret, 'hex')
      : derive(Buffer.from(secrets.jwtSecret), 'audit secret');
    return new AuditKeys(secret);
  }

  /** Ed25519 signature (hex) of `tickline-round-log|count|hash`. */
  signHead(head: { count: number; hash: string }): string {
    return sign(null, Buffer.from(headText(head)), this.signingKey).toString('hex');
  }

  /**
   * The user's secret nonce in the snapshot taken at `takenAtMs` (a new one each snapshot: leaves do not link):
   * SHA-256 of the secret key and the two numbers, cut to 128 bits (the cut leaves nothing to extend; an HMAC per
   * user cost twice as much at 100,000 users).
   */
  nonce(takenAtMs: number, userNo: number): string {
    return sha256hex(`${this.nonceKey}|${takenAtMs}|${userNo}`).slice(0, 32);
  }

  userHash(takenAtMs: number, userNo: number): string {
    return sha256hex(userHashText(userNo, this.nonce(takenAtMs, userNo)));
  }
}
