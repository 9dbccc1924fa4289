import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiKeys, inTransaction } from '@tickline/db';
import type { AppContext } from '../context.ts';
import { secretBox } from '../accounts/security/second-factor.ts';

/** The file the demo maker process reads its base URL and keys from, in DATA_DIR (demo-maker/main.ts). */
export const DEMO_MAKER_FILE = 'demo-maker.json';
const LABEL = 'demo maker';

export interface DemoMakerCredentials {
  baseUrl: string;
  maker: { apiKey: string; secret: string };
  taker: { apiKey: string; secret: string };
}

/** A fresh trade key for the user, its earlier demo maker keys deleted (a key's secret is shown only once). */
async function freshKey(ctx: AppContext, userId: number): Promise<{ apiKey: string; secret: string }> {
  const apiKey = `tl${randomBytes(16).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  await inTransaction(ctx.pool, async (db) => {
    const now = new Date(ctx.clock.now());
    for (const old of await apiKeys.liveApiKeys(db, userId))
      if (old.label === LABEL) await apiKeys.deleteApiKey(db, userId, old.apiKey, now);
    await apiKeys.insertApiKey(db, {
      userId,
      apiKey,
      sealedSecret: secretBox(ctx).seal(secret),
      label: LABEL,
      permissions: ['read', 'trade'],
      ipAddresses: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
      createdAt: now,
    });
  });
  return { apiKey, secret };
}

/**
 * Issues the demo maker's and taker's API keys (new ones on every start) and writes them, with the loopback base URL,
 * to DATA_DIR/demo-maker.json, readable by the platform's user only. Answers the file's path.
 */
export async function issueDemoMakerKeys(
  ctx: AppContext,
  accounts: { makerUserId: number; takerUserId: number },
  baseUrl: string,
): Promise<string> {
  const credentials: DemoMakerCredentials = {
    baseUrl,
    maker: await freshKey(ctx, accounts.makerUserId),
    taker: await freshKey(ctx, accounts.takerUserId),
  };
  const file = path.join(ctx.config.dataDir, DEMO_MAKER_FILE);
  await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return file;
}
