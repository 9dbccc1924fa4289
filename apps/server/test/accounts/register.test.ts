import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  createTestApp,
  databaseState,
  get,
  loginAs,
  post,
  registerUser,
  TEST_MNEMONIC,
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

let validFieldsCount = 0;

async function validFields(overrides: Record<string, unknown> = {}) {
  return {
    userid: `new-${(validFieldsCount += 1)}@example.com`,
    password: 'Passw0rd!',
    name: 'Kim123',
    phone: '010-1234-5678',
    referralCode: '',
    verificationImage: await uploadImage(t.app),
    ...overrides,
  };
}

/** Posts a registration that must fail; checks code, message and that nothing was written. */
async function expectRefused(fields: Record<string, unknown>, code: number, message?: string) {
  const before = await databaseState(t.pool);
  const answer = await post(t.app, '/auth/register', fields);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  expect(answer.body.data).toBeNull();
  expect(await databaseState(t.pool)).toEqual(before);
}

describe('POST /auth/register', () => {
  it('creates a pending-KYC member with a deposit address and a referral code, then logs in', async () => {
    const fields = await validFields({ userid: 'First.User@Example.com' });
    const answer = await post(t.app, '/auth/register', fields);
    expect(answer.body).toEqual({ code: 0, message: 'Successfully registered.', data: null });
    const { accessToken, level } = await loginAs(t.app, 'first.user@example.com', 'Passw0rd!');
    expect(level).toBe(1);
    const info = await get<Record<string, unknown>>(t.app, '/user/info', accessToken);
    expect(info.body.data).toMatchObject({
      name: 'Kim123',
      email: 'first.user@example.com',
      userid: 'first.user@example.com',
      phone: '010-1234-5678',
      level: 1,
      approveStatus: 3,
      leverage: 1,
      belowReferCount: 0,
    });
    expect(info.body.data!.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const address = info.body.data!.bscAddress as string;
    expect(address).toBe(getAddress(address));
    const stored = await t.pool.query(
      'SELECT deposit_address_index, password_hash, kyc_image_id FROM users WHERE userid = $1',
      ['first.user@example.com'],
    );
    const row = stored.rows[0] as { deposit_address_index: number; password_hash: string; kyc_image_id: string };
    // The address is child <index> of the platform account xpub (m/44'/60'/0'/0/<index>).
    expect(address).toBe(mnemonicToAccount(TEST_MNEMONIC, { addressIndex: row.deposit_address_index }).address);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.kyc_image_id).toBe(fields.verificationImage);
  });

  it('gives every user a different address and referral code', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const rows = await t.pool.query('SELECT bsc_address, referral_code FROM users WHERE userid = ANY($1)', [
      [a.userid, b.userid],
    ]);
    const [first, second] = rows.rows as Array<{ bsc_address: string; referral_code: string }>;
    expect(first!.bsc_address).not.toBe(second!.bsc_address);
    expect(first!.referral_code).not.toBe(second!.referral_code);
  });

  it('accepts 11 bare phone digits and stores them as 3-4-4', async () => {
    const fields = await validFields({ phone: '01098765432' });
    expect((await post(t.app, '/auth/register', fields)).body.code).toBe(0);
    const row = await t.pool.query('SELECT phone FROM users WHERE userid = $1', [fields.userid]);
    expect(row.rows[0]).toEqual({ phone: '010-9876-5432' });
  });

  it('checks the fields in the seeds order with the seeds messages', async () => {
    const image = await uploadImage(t.app);
    const base = await validFields({ verificationImage: image });
    await expectRefused({ ...base, userid: '' }, 2001, 'Please enter your email.');
    await expectRefused({ ...base, userid: '', password: '' }, 2001, 'Please enter your email.');
    await expectRefused({ ...base, userid: 'not-an-email', password: '' }, 2002, 'Please Input your ID as an email.');
    await expectRefused({ ...base, userid: 'a@b', name: '' }, 2002, 'Please Input your ID as an email.');
    await expectRefused({ ...base, password: '', name: '' }, 2003, 'Please enter your password.');
    await expectRefused({ ...base, password: 'short1!' }, 2004);
    await expectRefused({ ...base, password: 'x'.repeat(129) }, 2004);
    await expectRefused({ ...base, name: '', phone: '' }, 2005, 'Please enter your name.');
    await expectRefused({ ...base, name: 'Kim Lee' }, 2006);
    await expectRefused({ ...base, name: 'Kim<script>' }, 2006);
    await expectRefused({ ...base, phone: '' }, 2007, 'Please enter your phone number.');
    await expectRefused({ ...base, phone: '010-123-45678' }, 2008);
    await expectRefused({ ...base, phone: '+82 10 1234 5678' }, 2008);
    await expectRefused({ ...base, verificationImage: '' }, 2011, 'Please select an image before uploading.');
    // Missing fields read as empty, so the first rule answers.
    await expectRefused({}, 2001, 'Please enter your email.');
  });

  it('accepts a password of exactly 8 and of 128 characters', async () => {
    expect((await post(t.app, '/auth/register', await validFields({ password: 'abcdefgh' }))).body.code).toBe(0);
    expect((await post(t.app, '/auth/register', await validFields({ password: 'p'.repeat(128) }))).body.code).toBe(0);
  });

  it('accepts names in any script made of letters and digits', async () => {
    expect((await post(t.app, '/auth/register', await validFields({ name: '김민준2' }))).body.code).toBe(0);
  });

  it('refuses a duplicate id, regardless of case', async () => {
    const existing = await registerUser(t.app);
    await expectRefused(
      await validFields({ userid: existing.userid.toUpperCase() }),
      2009,
      'This email is already registered.',
    );
  });

  it('refuses an unknown referral code and keeps the image unused', async () => {
    await expectRefused(await validFields({ referralCode: 'ZZZZ9999' }), 2010, 'This referral code does not exist.');
  });

  it('sets the referrer from a referral code, given in any case', async () => {
    const parent = await registerUser(t.app);
    const parentTokens = await loginAs(t.app, parent.userid);
    const parentInfo = await get<{ referralCode: string; belowReferCount: number }>(
      t.app,
      '/user/info',
      parentTokens.accessToken,
    );
    const code = parentInfo.body.data!.referralCode;
    const child = await validFields({ referralCode: code.toLowerCase() });
    expect((await post(t.app, '/auth/register', child)).body.code).toBe(0);
    const rows = await t.pool.query(
      'SELECT p.userid FROM users c JOIN users p ON p.id = c.referrer_id WHERE c.userid = $1',
      [child.userid],
    );
    expect(rows.rows[0]).toEqual({ userid: parent.userid });
    const after = await get<{ belowReferCount: number }>(t.app, '/user/info', parentTokens.accessToken);
    expect(after.body.data!.belowReferCount).toBe(1);
  });

  it('refuses a missing, unknown or already used image', async () => {
    await expectRefused(await validFields({ verificationImage: 'img_doesnotexist' }), 2012);
    const used = await validFields();
    expect((await post(t.app, '/auth/register', used)).body.code).toBe(0);
    await expectRefused(await validFields({ verificationImage: used.verificationImage }), 2012);
  });

  it('names the field when a value has the wrong type or is far too long', async () => {
    await expectRefused(await validFields({ phone: 1012345678 }), 1001, 'phone must be a text');
    await expectRefused(await validFields({ name: 'n'.repeat(201) }), 1001, 'name must be at most 200 characters');
  });
});
