import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@tickline/protocol';
import { DEMO_PASSWORD, seedDemo } from '../src/app/demo/seed.ts';
import { createTestApp, get, loginAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function infoOf(userid: string): Promise<UserInfo> {
  const { accessToken } = await loginAs(t.app, userid, DEMO_PASSWORD);
  return (await get<UserInfo>(t.app, '/user/info', accessToken)).body.data!;
}

describe('demo seed', () => {
  it('creates the member, partners 2..7 in one chain and the two operators, and is idempotent', async () => {
    const first = await seedDemo(t.app.context);
    const second = await seedDemo(t.app.context);
    expect([...second.entries()]).toEqual([...first.entries()]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 9 });

    const demo = await infoOf('demo@tickline.dev');
    expect(demo).toMatchObject({ level: 1, approveStatus: 1, role: 'user' });
    const partner2 = await infoOf('partner2@tickline.dev');
    expect(demo.parent2ReferralCode).toBe(partner2.referralCode);
    for (let level = 2; level <= 7; level++) {
      const partner = await infoOf(`partner${level}@tickline.dev`);
      expect(partner).toMatchObject({ level, approveStatus: 1, parent2ReferralCode: partner.referralCode });
      // Each partner's downline: the partners below it plus the member.
      expect(partner.belowMemberCount).toBe(level - 1);
      expect(partner.belowReferCount).toBe(1);
    }
    const chain = await t.pool.query(
      `SELECT c.userid, p.userid AS referrer FROM users c LEFT JOIN users p ON p.id = c.referrer_id ORDER BY c.id`,
    );
    expect(chain.rows).toEqual([
      { userid: 'partner7@tickline.dev', referrer: null },
      { userid: 'partner6@tickline.dev', referrer: 'partner7@tickline.dev' },
      { userid: 'partner5@tickline.dev', referrer: 'partner6@tickline.dev' },
      { userid: 'partner4@tickline.dev', referrer: 'partner5@tickline.dev' },
      { userid: 'partner3@tickline.dev', referrer: 'partner4@tickline.dev' },
      { userid: 'partner2@tickline.dev', referrer: 'partner3@tickline.dev' },
      { userid: 'demo@tickline.dev', referrer: 'partner2@tickline.dev' },
      { userid: 'operator@tickline.dev', referrer: null },
      { userid: 'operator2@tickline.dev', referrer: null },
    ]);
    expect((await infoOf('operator@tickline.dev')).role).toBe('operator');
    expect((await infoOf('operator2@tickline.dev')).role).toBe('operator');
  });
});
