import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@tickline/protocol';
import {
  createTestApp,
  databaseState,
  get,
  loginAs,
  post,
  registerAndLogin,
  uploadImage,
  type TestApp,
} from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3600 * 1000;

async function info(accessToken: string): Promise<UserInfo> {
  const answer = await get<UserInfo>(t.app, '/user/info', accessToken);
  expect(answer.body.code).toBe(0);
  return answer.body.data!;
}

describe('GET /user/info', () => {
  it('answers every user-info field of both seeds', async () => {
    const user = await registerAndLogin(t.app);
    const data = await info(user.accessToken);
    for (const field of [
      'name',
      'email',
      'userid',
      'phone',
      'level',
      'referralCode',
      'insertDate',
      'belowReferCount',
      'belowMemberCount',
      'todayJoinCount',
      'weekJoinCount',
      'leverage',
      'approveStatus',
      'parent2ReferralCode',
      'bscAddress',
    ])
      expect(data).toHaveProperty(field);
    expect(data.insertDate).toBe(new Date(t.clock.now()).toISOString());
    expect(typeof data.level).toBe('number');
    expect(data.no).toBe(user.userId);
  });

  it('counts direct referrals, the whole downline, joins today (KST) and in the last 7 days', async () => {
    // The test clock starts at 2026-11-21 03:00 UTC = 12:00 KST; the Korean day began at 2026-11-20 15:00 UTC.
    const start = t.clock.now();
    const root = await registerAndLogin(t.app);
    const rootCode = (await info(root.accessToken)).referralCode;

    t.clock.set(start - 10 * 24 * HOUR_MS); // ten days ago: in the downline only
    const child = await registerAndLogin(t.app, { referralCode: rootCode });
    const childCode = (await info(child.accessToken)).referralCode;
    t.clock.set(start - 12 * HOUR_MS - 1); // 1 ms before 2026-11-20 15:00 UTC = 00:00 KST today
    await registerAndLogin(t.app, { referralCode: childCode }); // yesterday in Korea, this week
    t.clock.set(start - 12 * HOUR_MS); // exactly the start of the Korean day
    await registerAndLogin(t.app, { referralCode: childCode });
    t.clock.set(start);
    await registerAndLogin(t.app, { referralCode: rootCode });

    // Tokens issued at other clock times have expired: log in again now.
    const data = await info((await loginAs(t.app, root.userid, root.password)).accessToken);
    expect(data.belowReferCount).toBe(2);
    expect(data.belowMemberCount).toBe(4);
    expect(data.todayJoinCount).toBe(2);
    expect(data.weekJoinCount).toBe(3);
    const childData = await info((await loginAs(t.app, child.userid, child.password)).accessToken);
    expect([childData.belowReferCount, childData.belowMemberCount]).toEqual([2, 2]);
  });

  it('gives parent2ReferralCode = nearest partner above, own code for a partner or with no partner above', async () => {
    const top = await registerAndLogin(t.app);
    const topInfo = await info(top.accessToken);
    const partner = await registerAndLogin(t.app, { referralCode: topInfo.referralCode });
    const partnerInfo = await info(partner.accessToken);
    const member = await registerAndLogin(t.app, { referralCode: partnerInfo.referralCode });
    const memberInfo = await info(member.accessToken);
    const grandchild = await registerAndLogin(t.app, { referralCode: memberInfo.referralCode });

    // Nobody is a partner yet: everyone shares their own code.
    expect((await info(grandchild.accessToken)).parent2ReferralCode).toBe(
      (await info(grandchild.accessToken)).referralCode,
    );

    await t.pool.query('UPDATE users SET level = 3 WHERE id = $1', [partner.userId]);
    expect((await info(partner.accessToken)).parent2ReferralCode).toBe(partnerInfo.referralCode);
    expect((await info(member.accessToken)).parent2ReferralCode).toBe(partnerInfo.referralCode);
    expect((await info(grandchild.accessToken)).parent2ReferralCode).toBe(partnerInfo.referralCode);
    expect((await info(top.accessToken)).parent2ReferralCode).toBe(topInfo.referralCode);
  });
});

describe('GET /user/balance', () => {
  it('answers every balance field as a number (zero until wallets exist)', async () => {
    const user = await registerAndLogin(t.app);
    const answer = await get<Record<string, number>>(t.app, '/user/balance', user.accessToken);
    expect(answer.body.code).toBe(0);
    expect(Object.keys(answer.body.data!).sort()).toEqual(
      [
        'balance',
        'bsc',
        'btc',
        'longWaitingRequiredAmount',
        'shortWaitingRequiredAmount',
        'usdt',
        'usdtm',
        'usingRequiredAmount',
      ].sort(),
    );
    for (const value of Object.values(answer.body.data!)) expect(typeof value).toBe('number');
  });

  it('reads from the BalanceReader service it is given', async () => {
    const custom = await createTestApp({
      services: {
        balances: {
          balanceOf: async (userId) => ({
            bsc: userId,
            usdtm: 2,
            usdt: 3,
            btc: 0,
            balance: 3,
            usingRequiredAmount: 0,
            longWaitingRequiredAmount: 0,
            shortWaitingRequiredAmount: 0,
          }),
        },
      },
    });
    try {
      const user = await registerAndLogin(custom.app);
      const answer = await get<{ bsc: number; usdtm: number }>(custom.app, '/user/balance', user.accessToken);
      expect(answer.body.data).toMatchObject({ bsc: user.userId, usdtm: 2 });
    } finally {
      await custom.close();
    }
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/user/balance')).body.code).toBe(40000);
  });
});

describe('POST /user/updateLeverage', () => {
  it('stores an integer from 1 to 100', async () => {
    const user = await registerAndLogin(t.app);
    for (const leverage of [100, 1, 25]) {
      const answer = await post(t.app, '/user/updateLeverage', { leverage }, user.accessToken);
      expect(answer.body.code).toBe(0);
    }
    expect((await info(user.accessToken)).leverage).toBe(25);
  });

  it('refuses 0, 101, 1.5, "x", a numeric string and a missing value, naming the rule, changing nothing', async () => {
    const user = await registerAndLogin(t.app);
    for (const body of [
      { leverage: 0 },
      { leverage: 101 },
      { leverage: 1.5 },
      { leverage: 'x' },
      { leverage: '5' },
      {},
    ]) {
      const before = await databaseState(t.pool);
      const answer = await post(t.app, '/user/updateLeverage', body, user.accessToken);
      expect(answer.body).toEqual({
        code: 3001,
        message: 'Leverage must be a whole number from 1 to 100.',
        data: null,
      });
      expect(await databaseState(t.pool)).toEqual(before);
    }
    expect((await post(t.app, '/user/updateLeverage', { leverage: 5 })).body.code).toBe(40000);
  });
});

describe('POST /auth/updateKyc', () => {
  it('puts a rejected user back to pending with the new image', async () => {
    const user = await registerAndLogin(t.app);
    await t.pool.query('UPDATE users SET approve_status = 2 WHERE id = $1', [user.userId]);
    const image = await uploadImage(t.app);
    const answer = await post(t.app, '/auth/updateKyc', { verificationImage: image }, user.accessToken);
    expect(answer.body).toEqual({ code: 0, message: 'Successfully updated.', data: null });
    expect((await info(user.accessToken)).approveStatus).toBe(3);
    const row = await t.pool.query('SELECT kyc_image_id FROM users WHERE id = $1', [user.userId]);
    expect(row.rows[0]).toEqual({ kyc_image_id: image });
  });

  it('refuses a missing, unknown or used image, a verified user and a missing session, changing nothing', async () => {
    const user = await registerAndLogin(t.app);
    await t.pool.query('UPDATE users SET approve_status = 2 WHERE id = $1', [user.userId]);
    const image = await uploadImage(t.app);
    const cases: Array<[unknown, string | undefined, number]> = [
      [{ verificationImage: '' }, user.accessToken, 2011],
      [{ verificationImage: 'img_unknown' }, user.accessToken, 2012],
      [{ verificationImage: image }, undefined, 40000],
    ];
    for (const [body, token, code] of cases) {
      const before = await databaseState(t.pool);
      expect((await post(t.app, '/auth/updateKyc', body, token)).body.code).toBe(code);
      expect(await databaseState(t.pool)).toEqual(before);
    }
    expect((await post(t.app, '/auth/updateKyc', { verificationImage: image }, user.accessToken)).body.code).toBe(0);
    const again = await uploadImage(t.app);
    await t.pool.query('UPDATE users SET approve_status = 2 WHERE id = $1', [user.userId]);
    const before = await databaseState(t.pool);
    expect((await post(t.app, '/auth/updateKyc', { verificationImage: image }, user.accessToken)).body.code).toBe(2012);
    await t.pool.query('UPDATE users SET approve_status = 1 WHERE id = $1', [user.userId]);
    const verified = await databaseState(t.pool);
    expect((await post(t.app, '/auth/updateKyc', { verificationImage: again }, user.accessToken)).body.code).toBe(2018);
    expect(await databaseState(t.pool)).toEqual(verified);
    expect(before.uploads).toEqual(verified.uploads);
  });
});

describe('GET /alarm/lookup', () => {
  it('lists only the caller’s alarms, newest first', async () => {
    const user = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const base = t.clock.now();
    for (const [offset, content] of [
      [0, 'first'],
      [2000, 'third'],
      [1000, 'second'],
    ] as const)
      await t.pool.query('INSERT INTO alarms (user_id, content, created_at) VALUES ($1, $2, $3)', [
        user.userId,
        content,
        new Date(base + offset),
      ]);
    await t.pool.query('INSERT INTO alarms (user_id, content, created_at) VALUES ($1, $2, $3)', [
      other.userId,
      'not yours',
      new Date(base),
    ]);
    const answer = await get<Array<{ content: string; insertDate: string }>>(t.app, '/alarm/lookup', user.accessToken);
    expect(answer.body.data).toEqual([
      { content: 'third', insertDate: new Date(base + 2000).toISOString() },
      { content: 'second', insertDate: new Date(base + 1000).toISOString() },
      { content: 'first', insertDate: new Date(base).toISOString() },
    ]);
    expect((await get(t.app, '/alarm/lookup')).body.code).toBe(40000);
  });
});
