/**
 * Hostile text and numbers are refused before the database (#27 item 3): a NUL (or another control character) in a
 * text field, and an id like 1e308, answered 500 from PostgreSQL (22021, 22P02); now the validation code, on every
 * route, from parseInput. Tabs and line breaks stay allowed in multi-line fields (the feedback's body) only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import {
  createTestApp,
  loginAs,
  post,
  registerAndLogin,
  type TestApp,
  promoteToOperator,
} from '../helpers/test-app.ts';

const VALIDATION = Errors.VALIDATION_FAILED.code;
let t: TestApp;
let operatorToken: string;
let member: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerAndLogin(t.app);
  const operator = await registerAndLogin(t.app);
  await promoteToOperator(t, { id: operator.userId });
  operatorToken = (await loginAs(t.app, operator.userid)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';

describe('the holes the probe found', () => {
  const holes: Array<[string, string, Record<string, unknown>, 'operator' | 'member' | null]> = [
    ['/auth/login userid', '/auth/login', { userid: `x${NUL}@example.com`, password: 'whatever1' }, null],
    ['/auth/register referralCode', '/auth/register', { userid: 'n@example.com', referralCode: NUL }, null],
    ['/auth/register verificationImage', '/auth/register', { userid: 'n@example.com', verificationImage: NUL }, null],
    ['/auth/checkRegister referralCode', '/auth/checkRegister', { userid: 'n@example.com', referralCode: NUL }, null],
    ['/feedback title', '/feedback', { title: NUL, body: 'text' }, 'member'],
    ['/feedback body', '/feedback', { title: 'title', body: NUL }, 'member'],
    ['settlement refusal reason', '/admin/settlement-withdrawals/refuse', { no: 1, reason: NUL }, 'operator'],
    ['/admin/users/level userNo 1e308', '/admin/users/level', { userNo: 1e308, level: 2 }, 'operator'],
    ['/admin/kyc/decide userNo 1e308', '/admin/kyc/decide', { userNo: 1e308, approveStatus: 1 }, 'operator'],
  ];
  for (const [name, url, body, who] of holes)
    it(`${name}: the validation code, not a 500`, async () => {
      const token = who === 'operator' ? operatorToken : who === 'member' ? member.accessToken : undefined;
      const answer = await post(t.app, url, body, token);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(VALIDATION);
    });
});

describe('text fields', () => {
  it('refuse every control character but tab and line breaks, which only multi-line fields take', async () => {
    for (const character of ['\u0001', '\u001b', '\u007f', '\u0085']) {
      const answer = await post(t.app, '/auth/login', { userid: `a${character}b@example.com`, password: 'x' });
      expect(answer.body.code, JSON.stringify(character)).toBe(VALIDATION);
    }
    const tabbed = await post(t.app, '/auth/login', { userid: 'a\tb@example.com', password: 'x' });
    expect(tabbed.body).toMatchObject({ code: VALIDATION, message: 'userid must be a single line of text' });
    const pasted = await post(t.app, '/auth/login', { userid: `${member.userid}\n`, password: member.password });
    expect(pasted.body.code).toBe(0);
    const feedback = await post(t.app, '/feedback', { title: 'Two lines', body: 'one\n\ttwo' }, member.accessToken);
    expect(feedback.body.code).toBe(0);
    const titled = await post(t.app, '/feedback', { title: 'one\ntwo', body: 'x' }, member.accessToken);
    expect(titled.body.code).toBe(VALIDATION);
  });

  it('refuse a control character hidden in a nested value or a field name', async () => {
    const nested = await post(t.app, '/admin/withdrawals/refuse', { no: 1, reason: { deep: [NUL] } }, operatorToken);
    expect(nested.body.code).toBe(VALIDATION);
    const named = await post(t.app, '/feedback', { [`ti${NUL}tle`]: 'x', body: 'y' }, member.accessToken);
    expect(named.body.code).toBe(VALIDATION);
  });
});

describe('numbers', () => {
  it('beyond the safe integers are refused in bodies and coerced queries alike', async () => {
    for (const userNo of [2 ** 53, -1e300, 1e308]) {
      const answer = await post(t.app, '/admin/users/fee', { userNo, nowFee: 1 }, operatorToken);
      expect(answer.body.code).toBe(VALIDATION);
    }
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?page=1e308',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(query.statusCode).toBeLessThan(500);
    expect(query.json<{ code: number }>().code).not.toBe(0);
  });
});
