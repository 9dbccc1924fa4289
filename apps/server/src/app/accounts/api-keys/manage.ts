import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { apiKeys, inTransaction, securityLog, type Queryable } from '@tickline/db';
import { Errors, type ApiKeyPermission, type ApiKeySummary, type CreatedApiKey } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { notifyUser } from '../alarms.ts';
import { requireSecondFactor, secretBox } from '../security/second-factor.ts';
import { apiKeySessionId } from './authenticate.ts';

/** At most this many live keys per user: enough for a few programs, few enough to review on one screen. */
export const MAX_API_KEYS_PER_USER = 10;
const LABEL_MAX = 40;
const ADDRESSES_MAX = 20;
const PERMISSIONS: readonly ApiKeyPermission[] = ['read', 'trade'];

export interface NewApiKeyInput {
  label: string;
  permissions?: unknown;
  ips?: unknown;
  otp: string;
}

/** Where a key-changing request came from, for the security log. */
export interface RequestOrigin {
  clientAddress: string;
}

function permissionsOf(input: unknown): ApiKeyPermission[] {
  if (!Array.isArray(input) || input.length === 0) throw new AppError(Errors.API_KEY_PERMISSIONS_INVALID);
  const chosen = new Set<ApiKeyPermission>();
  for (const value of input) {
    if (!PERMISSIONS.includes(value as ApiKeyPermission)) throw new AppError(Errors.API_KEY_PERMISSIONS_INVALID);
    chosen.add(value as ApiKeyPermission);
  }
  return PERMISSIONS.filter((permission) => chosen.has(permission));
}

function addressesOf(input: unknown): string[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input) || input.length > ADDRESSES_MAX) throw new AppError(Errors.API_KEY_ADDRESS_INVALID);
  const addresses = input.map((value) => (typeof value === 'string' ? value.trim().toLowerCase() : ''));
  if (addresses.some((address) => isIP(address) === 0)) throw new AppError(Errors.API_KEY_ADDRESS_INVALID);
  return [...new Set(addresses)];
}

async function logAndNotify(
  db: Queryable,
  userId: number,
  event: string,
  detail: string,
  origin: RequestOrigin,
  now: Date,
) {
  await securityLog.recordSecurityEvent(db, userId, { at: now, event, detail, clientAddress: origin.clientAddress });
  const alarm =
    event === 'api_key_created'
      ? `An API key was created on your account (${detail}). If this was not you, delete it and change your password.`
      : `An API key was deleted from your account (${detail}).`;
  await notifyUser(db, userId, alarm, now);
}

/**
 * `POST /user/apiKeys`: a new key and its HMAC secret, answered once. The secret is needed to verify signatures, so it
 * is kept sealed with the server's key (as the TOTP secrets are), never in clear and never shown again.
 */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  input: NewApiKeyInput,
  origin: RequestOrigin,
): Promise<CreatedApiKey> {
  const label = input.label.trim();
  if (label.length === 0 || label.length > LABEL_MAX) throw new AppError(Errors.API_KEY_LABEL_INVALID);
  const permissions = permissionsOf(input.permissions);
  const ipAddresses = addressesOf(input.ips);
  const apiKey = `tl${randomBytes(16).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  // Checked before the transaction: a wrong code stays counted against the account (#27).
  await requireSecondFactor(ctx, userId, input.otp);
  await inTransaction(ctx.pool, async (db) => {
    if ((await apiKeys.countLiveApiKeysForUpdate(db, userId)) >= MAX_API_KEYS_PER_USER)
      throw new AppError(Errors.API_KEY_LIMIT_REACHED);
    const now = new Date(ctx.clock.now());
    await apiKeys.insertApiKey(db, {
      userId,
      apiKey,
      sealedSecret: secretBox(ctx).seal(secret),
      label,
      permissions,
      ipAddresses,
      createdAt: now,
    });
    await logAndNotify(db, userId, 'api_key_created', `${label}, ${permissions.join('+')}`, origin, now);
  });
  return { apiKey, secret };
}

/** `GET /user/apiKeys`: the live keys, newest first, without their secrets. */
export async function listApiKeys(ctx: AppContext, userId: number): Promise<ApiKeySummary[]> {
  const rows = await apiKeys.liveApiKeys(ctx.pool, userId);
  return rows.map((row) => ({
    apiKey: row.apiKey,
    label: row.label,
    permissions: row.permissions,
    ips: row.ipAddresses,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** `POST /user/apiKeys/delete`: the key is refused from the next request on. */
export async function deleteApiKey(
  ctx: AppContext,
  userId: number,
  input: { apiKey: string; otp: string },
  origin: RequestOrigin,
): Promise<void> {
  // Checked before the transaction: a wrong code stays counted against the account (#27).
  await requireSecondFactor(ctx, userId, input.otp);
  const keyId = await inTransaction(ctx.pool, async (db) => {
    const now = new Date(ctx.clock.now());
    const live = (await apiKeys.liveApiKeys(db, userId)).find((row) => row.apiKey === input.apiKey);
    if (!live || !(await apiKeys.deleteApiKey(db, userId, input.apiKey, now)))
      throw new AppError(Errors.API_KEY_NOT_FOUND);
    await logAndNotify(db, userId, 'api_key_deleted', live.label, origin, now);
    return live.id;
  });
  // A websocket signed in with the key loses it as a revoked session does (after the commit).
  await ctx.sessionRevocations.ended([apiKeySessionId(keyId)]);
}
