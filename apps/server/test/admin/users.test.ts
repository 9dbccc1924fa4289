/**
 * Users in the operator console (#16 item 4): search by number, id, name, referral code or deposit address; one
 * user's account on one page; freezing trading (orders and bets refused, accepted again after unfreezing); ending
 * every session of a user. Every action audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import {
  createTestApp,
  createTestClock,
  get,
  post,
  registerAndLogin,
  type TestApp,
  promoteToOperator,
} from '../helpers/test-app.ts';

const USDT = 1_000_000;
const ROUND_START = Date.UTC(2026, 10, 21, 3, 0, 0);

type Account = Awaited<ReturnType<typeof registerAndLogin>>;
let t: TestApp;
let operator: Account;
let partner: Account;
let member: Account;
let partnerCode: string;
let memberAddress: string;

const limitOrder = (price: string) => ({
  leverage: 1,
  volume: '0.01',
  type: 2,
  priceType: 1,
  position: 1,
  orderPath: 1,
  price,
});

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(ROUND_START + 10_000) });
  operator = await registerAndLogin(t.app);
  await promoteToOperator(t, { id: operator.userId });
  partner = await registerAndLogin(t.app, { name: 'Seoulpartner' });
  await t.pool.query('UPDATE users SET level = 3 WHERE id = $1', [partner.userId]);
  partnerCode = (await t.pool.query('SELECT referral_code FROM users WHERE id = $1', [partner.userId])).rows[0]
    .referral_code;
  member = await registerAndLogin(t.app, { name: 'Busantrader', referralCode: partnerCode });
  memberAddress = (await t.pool.query('SELECT bsc_address FROM users WHERE id = $1', [member.userId])).rows[0]
    .bsc_address;
  await t.trading.fundDemoUser(member.userId, 1_000 * USDT);
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 })).ok).toBe(true);
});
afterAll(async () => {
  await t.close();
});

interface SearchAnswer {
  list: Array<{ userNo: number; userid: string; tradingFrozen: boolean; withdrawalsFrozen: boolean }>;
  pagination: { curPage: number; endPage: number };
}
const search = async (q: string, page = 1) =>
  (await get<SearchAnswer>(t.app, `/admin/users?q=${encodeURIComponent(q)}&page=${page}`, operator.accessToken)).body;

describe('GET /admin/users', () => {
  it('finds a user by number, id, name, referral code and deposit address, and never lists operators', async () => {
    const memberCode = (await t.pool.query('SELECT referral_code FROM users WHERE id = $1', [member.userId])).rows[0]
      .referral_code as string;
    for (const q of [
      String(member.userId),
      member.userid.toUpperCase(),
      member.userid.split('@')[0]!,
      'busantrader',
      memberCode.toLowerCase(),
      memberAddress.toUpperCase().replace('0X', '0x'),
      memberAddress.slice(0, 12),
    ]) {
      const answer = await search(q);
      expect(answer.code, q).toBe(0);
      expect(
        answer.data!.list.map((row) => row.userid),
        q,
      ).toContain(member.userid);
    }
    expect((await search('busantrader')).data!.list).toHaveLength(1);
    expect((await search(operator.userid)).data!.list).toEqual([]);
    // A LIKE wildcard typed by the operator is a letter.
    expect((await search('%')).data!.list).toEqual([]);
  });

  it('pages 20 at a time, newest first, and checks its input', async () => {
    for (let i = 0; i < 20; i++) await registerAndLogin(t.app);
    const first = await search('');
    expect(first.data!.list).toHaveLength(20);
    expect(first.data!.pagination).toMatchObject({ curPage: 1, endPage: 2 });
    const numbers = first.data!.list.map((row) => row.userNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect((await search('', 2)).data!.list.map((row) => row.userid)).toContain(partner.userid);
    expect((await search('x'.repeat(101))).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(t.app, '/admin/users?page=0', operator.accessToken)).body.code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
  });
});

interface UserDetail {
  user: Record<string, unknown>;
  freeze: Record<string, unknown>;
  balance: { usdtm: number };
  orders: unknown[];
  positions: unknown[];
  deposits: unknown[];
  withdrawals: unknown[];
  sessions: unknown[];
  upline: unknown[];
}

describe('GET /admin/users/detail', () => {
  it('shows balances, the open order, KYC, live sessions and the referral chain above the user', async () => {
    expect((await post(t.app, '/order/registerOrder', limitOrder('40000'), member.accessToken)).body.code).toBe(0);
    const answer = await get<UserDetail>(t.app, `/admin/users/detail?no=${member.userId}`, operator.accessToken);
    expect(answer.body.code).toBe(0);
    const detail = answer.body.data!;
    expect(detail.user).toMatchObject({
      userNo: member.userId,
      userid: member.userid,
      bscAddress: memberAddress,
      approveStatus: 3,
      kycImage: `/api/v1/admin/kyc/image/${member.userId}`,
      tradingFrozen: false,
      withdrawalsFrozen: false,
    });
    expect(detail.balance.usdtm).toBe(1_000);
    expect(detail.orders).toEqual([expect.objectContaining({ position: 1, volume: 0.01, price: 40_000 })]);
    expect(detail.positions).toEqual([]);
    expect(detail.deposits).toEqual([]);
    expect(detail.withdrawals).toEqual([]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.upline).toEqual([
      { userNo: partner.userId, userid: partner.userid, name: 'Seoulpartner', level: 3, referralCode: partnerCode },
    ]);
    expect(detail.freeze).toEqual({
      trading: false,
      tradingSince: null,
      withdrawals: false,
      withdrawalsSince: null,
      reason: null,
    });
  });

  it('answers an unknown user, an operator and a bad number with a clear code', async () => {
    const unknown = await get(t.app, '/admin/users/detail?no=999999', operator.accessToken);
    expect(unknown.body.code).toBe(Errors.USER_NOT_FOUND.code);
    const anOperator = await get(t.app, `/admin/users/detail?no=${operator.userId}`, operator.accessToken);
    expect(anOperator.body.code).toBe(Errors.USER_NOT_FOUND.code);
    for (const no of ['', 'abc', '0', '-1', '1.5'])
      expect((await get(t.app, `/admin/users/detail?no=${no}`, operator.accessToken)).body.code, no).toBe(
        Errors.VALIDATION_FAILED.code,
      );
  });
});

describe('POST /admin/users/freeze and /unfreeze', () => {
  const bet = () => post(t.app, '/optionOrder/register', { symbol: 1, betType: 1, volume: 10 }, member.accessToken);

  it('checks its input and changes nothing on a refusal', async () => {
    const before = (await t.pool.query('SELECT * FROM operator_audit')).rowCount;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ userNo: member.userId, reason: 'x' }, Errors.FREEZE_NOTHING_SELECTED.code],
      [{ userNo: member.userId, trading: false, reason: 'x' }, Errors.FREEZE_NOTHING_SELECTED.code],
      [{ userNo: member.userId, trading: 'yes', reason: 'x' }, Errors.VALIDATION_FAILED.code],
      [{ userNo: member.userId, trading: true }, Errors.FREEZE_REASON_REQUIRED.code],
      [{ userNo: member.userId, trading: true, reason: '   ' }, Errors.FREEZE_REASON_REQUIRED.code],
      [{ userNo: member.userId, trading: true, reason: 'x'.repeat(501) }, Errors.FREEZE_REASON_REQUIRED.code],
      [{ userNo: 'one', trading: true, reason: 'x' }, Errors.USER_NOT_FOUND.code],
      [{ userNo: operator.userId, trading: true, reason: 'x' }, Errors.USER_NOT_FOUND.code],
    ];
    for (const [body, code] of cases)
      expect(
        (await post(t.app, '/admin/users/freeze', body, operator.accessToken)).body.code,
        JSON.stringify(body),
      ).toBe(code);
    const unchanged = await post(
      t.app,
      '/admin/users/unfreeze',
      { userNo: member.userId, trading: true, reason: 'nothing frozen' },
      operator.accessToken,
    );
    expect(unchanged.body.code).toBe(Errors.FREEZE_UNCHANGED.code);
    expect((await t.pool.query('SELECT * FROM operator_audit')).rowCount).toBe(before);
  });

  it('refuses a frozen user’s orders and bets with TRADING_FROZEN, and accepts them again after unfreezing', async () => {
    expect((await bet()).body.code).toBe(0);
    const frozen = await post(
      t.app,
      '/admin/users/freeze',
      { userNo: member.userId, trading: true, reason: 'Chargeback under review' },
      operator.accessToken,
    );
    expect(frozen.body).toMatchObject({ code: 0, data: { trading: true, withdrawals: false } });

    const order = await post(t.app, '/order/registerOrder', limitOrder('40000'), member.accessToken);
    expect(order.body).toEqual({
      code: Errors.TRADING_FROZEN.code,
      message: Errors.TRADING_FROZEN.message,
      data: null,
    });
    expect((await bet()).body.code).toBe(Errors.TRADING_FROZEN.code);
    // Cancelling what rests is still allowed: a freeze stops new risk, not the way out of it.
    const open = await get<{ orders: Array<{ no: number }> }>(t.app, '/order/waitLookup', member.accessToken);
    expect(
      (await post(t.app, '/order/cancel', { no: open.body.data!.orders[0]!.no }, member.accessToken)).body.code,
    ).toBe(0);
    // Another user trades on.
    await t.trading.fundDemoUser(partner.userId, 1_000 * USDT);
    expect((await post(t.app, '/order/registerOrder', limitOrder('40000'), partner.accessToken)).body.code).toBe(0);

    const listed = await search(member.userid);
    expect(listed.data!.list[0]).toMatchObject({ tradingFrozen: true, withdrawalsFrozen: false });
    const detail = await get<{ freeze: Record<string, unknown> }>(
      t.app,
      `/admin/users/detail?no=${member.userId}`,
      operator.accessToken,
    );
    expect(detail.body.data!.freeze).toMatchObject({ trading: true, reason: 'Chargeback under review' });
    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', member.accessToken);
    expect(alarms.body.data![0]!.content).toMatch(/^Trading on your account has been suspended by an operator/);
    expect(alarms.body.data![0]!.content).not.toContain('Chargeback');

    const unfrozen = await post(
      t.app,
      '/admin/users/unfreeze',
      { userNo: member.userId, trading: true, reason: 'Chargeback withdrawn' },
      operator.accessToken,
    );
    expect(unfrozen.body).toMatchObject({ code: 0, data: { trading: false, withdrawals: false } });
    expect((await post(t.app, '/order/registerOrder', limitOrder('40000'), member.accessToken)).body.code).toBe(0);
    expect((await bet()).body.code).toBe(0);

    const audit = await get<{ list: Array<Record<string, unknown>> }>(
      t.app,
      `/admin/audit?targetType=user&targetId=${member.userId}`,
      operator.accessToken,
    );
    expect(audit.body.data!.list.map((row) => [row.action, row.previous, row.next, row.reason])).toEqual([
      [
        'user.unfreeze',
        { trading: true, withdrawals: false },
        { trading: false, withdrawals: false },
        'Chargeback withdrawn',
      ],
      [
        'user.freeze',
        { trading: false, withdrawals: false },
        { trading: true, withdrawals: false },
        'Chargeback under review',
      ],
    ]);
    expect(audit.body.data!.list[0]).toMatchObject({ operatorId: operator.userId, clientAddress: '127.0.0.1' });
  });

  it('reads the frozen users from the database after a restart of the trading service', async () => {
    await t.pool.query('UPDATE users SET trading_frozen_at = now() WHERE id = $1', [partner.userId]);
    const { TradingService } = await import('../../src/app/trading/service.ts');
    const { localCommandGateway } = await import('../../src/app/engine/command-gateway.ts');
    const fresh = new TradingService(localCommandGateway(t.sequencer), t.pool);
    await expect(fresh.placeOrder(partner.userId, limitOrder('40000'))).rejects.toMatchObject({
      code: Errors.TRADING_FROZEN.code,
    });
    await t.pool.query('UPDATE users SET trading_frozen_at = NULL WHERE id = $1', [partner.userId]);
  });
});

describe('POST /admin/users/revoke-sessions', () => {
  it('ends every session of the user (their streams told), audited, and leaves other users alone', async () => {
    const second = await post<{ accessToken: string; refreshToken: string }>(t.app, '/auth/login', {
      userid: member.userid,
      password: member.password,
    });
    const ended: string[] = [];
    const stop = t.app.context.sessionRevocations.on((ids) => ended.push(...ids));
    const answer = await post<{ revoked: number }>(
      t.app,
      '/admin/users/revoke-sessions',
      { userNo: member.userId },
      operator.accessToken,
    );
    stop();
    expect(answer.body).toMatchObject({ code: 0, data: { revoked: 2 } });
    expect(ended).toHaveLength(2);
    for (const token of [member.accessToken, second.body.data!.accessToken])
      expect((await get(t.app, '/user/info', token)).body.code).toBe(40000);
    expect((await post(t.app, '/auth/refresh', { refreshToken: second.body.data!.refreshToken })).body.code).toBe(
      40000,
    );
    expect((await get(t.app, '/user/info', partner.accessToken)).body.code).toBe(0);
    expect((await get(t.app, '/user/info', operator.accessToken)).body.code).toBe(0);
    const audit = await get<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/admin/audit?action=user.revoke-sessions',
      operator.accessToken,
    );
    expect(audit.body.data!.list[0]).toMatchObject({
      targetId: String(member.userId),
      previous: { openSessions: 2 },
      next: { openSessions: 0 },
    });
    expect((await post(t.app, '/admin/users/revoke-sessions', { userNo: 0 }, operator.accessToken)).body.code).toBe(
      Errors.USER_NOT_FOUND.code,
    );
  });
});
