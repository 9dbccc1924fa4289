import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, registerAndLogin, type TestApp, promoteToOperator } from '../helpers/test-app.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof registerAndLogin>>;
let partner: Awaited<ReturnType<typeof registerAndLogin>>;
let operator: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerAndLogin(t.app);
  partner = await registerAndLogin(t.app);
  operator = await registerAndLogin(t.app);
  await t.pool.query('UPDATE users SET level = 7 WHERE id = $1', [partner.userId]);
  await promoteToOperator(t, { id: operator.userId });
  await t.pool.query('UPDATE users SET approve_status = 1 WHERE id = $1', [partner.userId]);
});
afterAll(async () => {
  await t.close();
});

describe('the operator console API: KYC, ledger health, audit log', () => {
  it('refuses every console call to a member, a partner and a missing token, and changes nothing', async () => {
    const before = await t.pool.query('SELECT id, approve_status FROM users ORDER BY id');
    for (const token of [member.accessToken, partner.accessToken, undefined]) {
      for (const url of [
        '/admin/kyc?status=3',
        `/admin/kyc/image/${member.userId}`,
        '/admin/ledger-health',
        '/admin/audit',
      ])
        expect((await get(t.app, url, token)).body.code, url).not.toBe(0);
      const decided = await post(t.app, '/admin/kyc/decide', { userNo: member.userId, approveStatus: 1 }, token);
      expect(decided.body.code).not.toBe(0);
    }
    expect((await t.pool.query('SELECT id, approve_status FROM users ORDER BY id')).rows).toEqual(before.rows);
  });

  it('lists a newly registered user with its image, approves it with an alarm, and audits the decision', async () => {
    const queue = await get<{ users: Array<{ userNo: number; image: string | null }> }>(
      t.app,
      '/admin/kyc?status=3',
      operator.accessToken,
    );
    const entry = queue.body.data!.users.find((u) => u.userNo === member.userId)!;
    expect(entry.image).toBe(`/api/v1/admin/kyc/image/${member.userId}`);
    const image = await t.app.inject({
      method: 'GET',
      url: entry.image!,
      headers: { authorization: `Bearer ${operator.accessToken}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
    expect(image.rawPayload.length).toBeGreaterThan(50);

    expect(
      (await post(t.app, '/admin/kyc/decide', { userNo: member.userId, approveStatus: 2 }, operator.accessToken)).body
        .code,
    ).toBe(5214);
    expect(
      (await post(t.app, '/admin/kyc/decide', { userNo: member.userId, approveStatus: 1 }, operator.accessToken)).body
        .code,
    ).toBe(0);
    const info = await get<{ approveStatus: number }>(t.app, '/user/info', member.accessToken);
    expect(info.body.data!.approveStatus).toBe(1);
    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', member.accessToken);
    expect(JSON.stringify(alarms.body.data)).toContain('Your identity verification is approved.');
    const audit = await get<{ list: Array<{ action: string; targetId: string; operatorId: number }> }>(
      t.app,
      '/admin/audit?action=kyc',
      operator.accessToken,
    );
    expect(audit.body.data!.list).toEqual([
      expect.objectContaining({ action: 'kyc.decide', targetId: String(member.userId), operatorId: operator.userId }),
    ]);
  });

  it('shows ledger health green on a sound ledger and red where a stored balance was tampered with', async () => {
    const green = await get<{ checks: Array<{ name: string; ok: boolean }> }>(
      t.app,
      '/admin/ledger-health',
      operator.accessToken,
    );
    expect(green.body.data!.checks.map((c) => [c.name, c.ok])).toEqual([
      ['zero-sum', true],
      ['postings-match-balances', true],
      ['no-negative-user-balance', true],
    ]);
    await t.trading.fundDemoUser(member.userId, 5_000_000);
    const tampered = await t.pool.query('UPDATE user_balances SET futures = futures + 1 WHERE user_id = $1', [
      member.userId,
    ]);
    expect(tampered.rowCount).toBe(1);
    const red = await get<{ checks: Array<{ name: string; ok: boolean }> }>(
      t.app,
      '/admin/ledger-health',
      operator.accessToken,
    );
    expect(red.body.data!.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(
      expect.arrayContaining(['zero-sum', 'postings-match-balances']),
    );
  });
});
