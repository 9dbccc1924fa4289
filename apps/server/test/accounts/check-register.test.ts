import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import {
  createTestApp,
  databaseState,
  get,
  post,
  registerAndLogin,
  registerUser,
  type TestApp,
} from '../helpers/test-app.ts';

let t: TestApp;
let referralCode: string;
let takenId: string;
beforeAll(async () => {
  t = await createTestApp();
  const referrer = await registerAndLogin(t.app);
  const info = await get<{ referralCode: string }>(t.app, '/user/info', referrer.accessToken);
  referralCode = info.body.data!.referralCode;
  takenId = (await registerUser(t.app, { userid: 'Taken.User@example.com' })).userid;
});
afterAll(async () => {
  await t.close();
});

/** Posts a check; answers code and message after confirming it wrote nothing and answered HTTP 200 with no data. */
async function check(body: Record<string, unknown>): Promise<{ code: number; message: string }> {
  const before = await databaseState(t.pool);
  const answer = await post(t.app, '/auth/checkRegister', body);
  expect(answer.status).toBe(200);
  expect(answer.body.data).toBeNull();
  expect(await databaseState(t.pool)).toEqual(before);
  return { code: answer.body.code, message: answer.body.message };
}

const fine = { userid: 'fresh.user@example.com', password: 'Passw0rd!', referralCode: '' };

describe('POST /auth/checkRegister', () => {
  it('answers 0 for what registration would accept, with or without a referral code (any case)', async () => {
    expect((await check(fine)).code).toBe(0);
    expect((await check({ ...fine, referralCode })).code).toBe(0);
    expect((await check({ ...fine, referralCode: ` ${referralCode.toLowerCase()} ` })).code).toBe(0);
  });

  it('answers the register rules in the seeds order with the catalogue messages', async () => {
    const cases: [Record<string, unknown>, { code: number; message: string }][] = [
      [{ ...fine, userid: '' }, Errors.EMAIL_REQUIRED],
      [{ ...fine, userid: 'not-an-email' }, Errors.EMAIL_INVALID],
      [{ ...fine, password: '' }, Errors.PASSWORD_REQUIRED],
      [{ ...fine, password: 'short7!' }, Errors.PASSWORD_LENGTH],
      [{ ...fine, password: 'x'.repeat(129) }, Errors.PASSWORD_LENGTH],
      [{ ...fine, userid: takenId }, Errors.USERID_TAKEN],
      [{ ...fine, userid: ' TAKEN.user@EXAMPLE.com ' }, Errors.USERID_TAKEN],
      [{ ...fine, referralCode: 'NOPE2345' }, Errors.REFERRAL_CODE_UNKNOWN],
      // The first failure wins: a bad password before a taken id, a taken id before an unknown code.
      [{ userid: takenId, password: 'short', referralCode: 'NOPE2345' }, Errors.PASSWORD_LENGTH],
      [{ userid: takenId, password: 'Passw0rd!', referralCode: 'NOPE2345' }, Errors.USERID_TAKEN],
      // A password sent alone still asks for the id.
      [{ password: 'Passw0rd!' }, Errors.EMAIL_REQUIRED],
    ];
    for (const [body, expected] of cases)
      expect(await check(body), JSON.stringify(body)).toEqual({ code: expected.code, message: expected.message });
  });

  it('checks a referral code alone when neither id nor password is sent', async () => {
    expect((await check({ referralCode })).code).toBe(0);
    expect(await check({ referralCode: 'NOPE2345' })).toEqual({
      code: Errors.REFERRAL_CODE_UNKNOWN.code,
      message: Errors.REFERRAL_CODE_UNKNOWN.message,
    });
    expect((await check({})).code).toBe(0);
  });

  it('refuses fields of the wrong type with the validation code', async () => {
    expect((await check({ userid: 5, password: 'Passw0rd!' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await check({ ...fine, referralCode: ['x'] })).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('agrees with registration: what it accepts registers, what it refuses registration refuses alike', async () => {
    expect((await check({ ...fine, userid: 'agree@example.com', referralCode })).code).toBe(0);
    await registerUser(t.app, { userid: 'agree@example.com', referralCode });
    expect((await check({ ...fine, userid: 'agree@example.com' })).code).toBe(Errors.USERID_TAKEN.code);
  });

  it('is rate limited per address like registration (429, code 1004)', async () => {
    const limited = await createTestApp({ config: { rateLimits: { checkRegister: { max: 2, windowMs: 60_000 } } } });
    try {
      for (let i = 0; i < 2; i++) expect((await post(limited.app, '/auth/checkRegister', fine)).status).toBe(200);
      const refused = await post(limited.app, '/auth/checkRegister', fine);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(Errors.RATE_LIMITED.code);
    } finally {
      await limited.close();
    }
  });
});
