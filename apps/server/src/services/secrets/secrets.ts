import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { Config } from '../../config.ts';
import { accountXpubFromMnemonic } from '../chain/deposit-addresses.ts';

export interface Secrets {
  /** HS256 key for access tokens. */
  jwtSecret: string;
  /** Extended public key of m/44'/60'/0'/0; deposit address i is its child i. */
  depositXpub: string;
  /** Demo mode only: the mnemonic the xpub comes from (the local chain tooling may sweep with it). */
  depositMnemonic: string | undefined;
  /**
   * 32 bytes (hex) the audit keys come from: the round log's Ed25519 signing key and the reserves' nonces
   * (app/audit/keys.ts). Absent (production without AUDIT_SECRET, tests): derived from the JWT secret.
   */
  auditSecret?: string;
}

interface SecretsFile {
  jwtSecret?: string;
  depositMnemonic?: string;
  auditSecret?: string;
}

export function secretsPath(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

/**
 * Production takes every secret from the configuration. Demo mode fills the missing ones from
 * DATA_DIR/secrets.json, generating them on first start (file mode 0600), so restarts keep tokens and
 * deposit addresses valid.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  const { jwtSecret, depositXpub, auditSecret } = config.secrets;
  if (config.mode === 'production') {
    if (!jwtSecret || !depositXpub) throw new Error('JWT_SECRET and DEPOSIT_XPUB are required in production mode');
    return { jwtSecret, depositXpub, depositMnemonic: undefined, auditSecret };
  }
  const file = secretsPath(config.dataDir);
  let stored: SecretsFile = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as SecretsFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  let changed = false;
  if (!stored.jwtSecret) {
    stored.jwtSecret = randomBytes(32).toString('base64url');
    changed = true;
  }
  if (!stored.depositMnemonic) {
    stored.depositMnemonic = generateMnemonic(wordlist, 256);
    changed = true;
  }
  if (!stored.auditSecret) {
    stored.auditSecret = randomBytes(32).toString('hex');
    changed = true;
  }
  if (!validateMnemonic(stored.depositMnemonic, wordlist))
    throw new Error(`${file}: depositMnemonic is not a valid mnemonic`);
  if (changed) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  await chmod(file, 0o600);
  return {
    jwtSecret: jwtSecret ?? stored.jwtSecret,
    depositXpub: depositXpub ?? accountXpubFromMnemonic(stored.depositMnemonic),
    depositMnemonic: depositXpub ? undefined : stored.depositMnemonic,
    auditSecret: auditSecret ?? stored.auditSecret,
  };
}
