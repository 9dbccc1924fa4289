/** The smaller defects of issue #17: access tokens need `exp`, the demo binds loopback, unclaimed uploads expire. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { expireUnclaimedUploads, UNCLAIMED_UPLOAD_TTL_MS } from '../../src/app/accounts/upload-expiry.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, get, post, registerAndLogin, uploadImage, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('access tokens', () => {
  it('refuses a correctly signed token without exp', async () => {
    const user = await registerAndLogin(t.app);
    const { sid } = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.userId))
      .setIssuer('tickline')
      .setAudience('tickline-api')
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .sign(new TextEncoder().encode(t.app.context.secrets.jwtSecret));
    expect((await get(t.app, '/user/info', user.accessToken)).body.code).toBe(0);
    expect((await get(t.app, '/user/info', forever)).body.code).toBe(Errors.SESSION_INVALID.code);
  });
});

describe('listening address', () => {
  it('is loopback in demo mode unless HOST is set, every interface in production', () => {
    expect(loadConfig({}, '/').host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, '/').host).toBe('0.0.0.0');
    const production = {
      TICKLINE_MODE: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DEPOSIT_XPUB: `xpub${'a'.repeat(107)}`,
      CHAIN_RPC_URL: 'https://bsc-rpc.example',
      CHAIN_ID: '56',
      USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
      HOT_WALLET_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
    };
    expect(loadConfig(production, '/').host).toBe('0.0.0.0');
  });
});

describe('unclaimed uploads', () => {
  it('are removed, row and file, once older than a day; claimed ones stay', async () => {
    const stale = await uploadImage(t.app);
    await registerAndLogin(t.app); // claims an upload of its own
    t.clock.advance(UNCLAIMED_UPLOAD_TTL_MS - 1_000);
    const fresh = await uploadImage(t.app);
    const filesBefore = await readdir(t.app.context.images.directory);
    t.clock.advance(2_000);

    expect(await expireUnclaimedUploads(t.app.context)).toBe(1);
    const filesAfter = await readdir(t.app.context.images.directory);
    expect(filesAfter).toHaveLength(filesBefore.length - 1);
    expect(filesAfter.some((file) => file.startsWith(stale))).toBe(false);
    expect(filesAfter.some((file) => file.startsWith(fresh))).toBe(true);
    const { rows } = await t.pool.query<{ id: string }>('SELECT id FROM uploads WHERE id = $1', [stale]);
    expect(rows).toEqual([]);
    const refused = await post(t.app, '/auth/register', {
      userid: 'late@example.com',
      password: 'Secret123!',
      name: 'Late',
      phone: '010-9999-0001',
      referralCode: '',
      verificationImage: stale,
    });
    expect(refused.body.code).toBe(Errors.IMAGE_UNKNOWN.code);
    expect(existsSync(t.app.context.images.directory)).toBe(true);
  });
});
