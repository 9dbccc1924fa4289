import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;

let testApp: TradingTestApp;
let alice: Awaited<ReturnType<typeof registerAndLogin>>;
let bob: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  testApp = await createTradingTestApp();
  alice = await registerAndLogin(testApp.app);
  bob = await registerAndLogin(testApp.app);
  await testApp.trading.fundDemoUser(alice.userId, 10_000 * USDT);
});
afterAll(async () => {
  await testApp?.close();
});

describe('demo balances', () => {
  it('funds each wallet with 10,000 USDT from the treasury once per user, however often it runs', async () => {
    await testApp.trading.fundDemoUser(alice.userId, 10_000 * USDT);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    expect(balance.body).toMatchObject({ code: 0, data: { bsc: 10_000, usdtm: 10_000, usdt: 20_000 } });
    const postings = await testApp.pool.query(
      `SELECT debit, credit, amount, kind FROM ledger_postings WHERE credit LIKE $1 ORDER BY batch_id, seq`,
      [`user:${alice.userId}:%`],
    );
    expect(postings.rows).toEqual([
      { debit: 'house:treasury', credit: `user:${alice.userId}:spot`, amount: 10_000 * USDT, kind: 'demo_funding' },
      { debit: 'house:treasury', credit: `user:${alice.userId}:futures`, amount: 10_000 * USDT, kind: 'demo_funding' },
    ]);
  });
});

describe('POST /transfer/registerFutures', () => {
  it('moves USDT between the caller’s wallets and lists the transfer', async () => {
    const toFutures = await post(
      testApp.app,
      '/transfer/registerFutures',
      { to: 'usdtm', amount: 1234.5 },
      alice.accessToken,
    );
    expect(toFutures.body.code).toBe(0);
    const toSpot = await post(
      testApp.app,
      '/transfer/registerFutures',
      { to: 'bsc', amount: '0.5' },
      alice.accessToken,
    );
    expect(toSpot.body.code).toBe(0);

    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    expect(balance.body.data).toMatchObject({ bsc: 8_766, usdtm: 11_234, usdt: 20_000, balance: 11_234 });

    const recent = await get<{ transfers: unknown[] }>(testApp.app, '/transfer/lookupForTop?type=2', alice.accessToken);
    expect(recent.body.data!.transfers).toEqual([
      { insertDate: expect.any(String), sell: 'usdtm', sellAmount: 0.5, buy: 'bsc', buyAmount: 0.5 },
      { insertDate: expect.any(String), sell: 'bsc', sellAmount: 1234.5, buy: 'usdtm', buyAmount: 1234.5 },
    ]);
    const all = await get<{ transfers: unknown[] }>(testApp.app, '/transfer/lookup?type=2', alice.accessToken);
    expect(all.body.data!.transfers).toEqual(recent.body.data!.transfers);
    const otherType = await get<{ transfers: unknown[] }>(testApp.app, '/transfer/lookup?type=1', alice.accessToken);
    expect(otherType.body.data!.transfers).toEqual([]);
    // Bob sees none of Alice's transfers.
    const bobs = await get<{ transfers: unknown[] }>(testApp.app, '/transfer/lookup?type=2', bob.accessToken);
    expect(bobs.body.data!.transfers).toEqual([]);
    await expectLedgerInvariants(testApp.pool);
  });

  it.each([
    ['a zero amount', { to: 'usdtm', amount: 0 }, 5001],
    ['a negative amount', { to: 'usdtm', amount: -5 }, 5001],
    ['a non-numeric amount', { to: 'usdtm', amount: 'ten' }, 5001],
    ['more than 6 decimals', { to: 'usdtm', amount: '0.0000001' }, 5001],
    ['a missing amount', { to: 'usdtm' }, 5001],
    ['an amount with spaces around it', { to: 'usdtm', amount: ' 5 ' }, 5001],
    ['an amount with a line break', { to: 'usdtm', amount: '5\n' }, 5001],
    ['an amount with thousands separators', { to: 'usdtm', amount: '1,000' }, 5001],
    ['an amount in exponent text', { to: 'usdtm', amount: '1e3' }, 5001],
    ['an amount in hex', { to: 'usdtm', amount: '0x10' }, 5001],
    ['NaN', { to: 'usdtm', amount: 'NaN' }, 5001],
    ['Infinity', { to: 'usdtm', amount: 'Infinity' }, 5001],
    ['an amount beyond 2^53 minor units', { to: 'usdtm', amount: '9007199254.740993' }, 5001],
    ['an array', { to: 'usdtm', amount: [5] }, 5001],
    ['an object', { to: 'usdtm', amount: { value: 5 } }, 5001],
    ['a boolean', { to: 'usdtm', amount: true }, 5001],
    ['an unknown wallet', { to: 'eth', amount: 5 }, 5003],
    ['more than the balance', { to: 'usdtm', amount: 8_766.000001 }, 5002],
  ])('refuses %s with a clear code and changes nothing', async (_name, body, code) => {
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const answer = await post(testApp.app, '/transfer/registerFutures', body, alice.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).not.toBe('');
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
  });

  it('answers 40000 without a session', async () => {
    const answer = await post(testApp.app, '/transfer/registerFutures', { to: 'usdtm', amount: 1 });
    expect(answer.body.code).toBe(40000);
  });

  it('lets exactly one of 200 concurrent transfers of the full balance through', async () => {
    const carol = await registerAndLogin(testApp.app);
    await testApp.trading.fundDemoUser(carol.userId, 10_000 * USDT);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(testApp.app, '/transfer/registerFutures', { to: 'usdtm', amount: 10_000 }, carol.accessToken),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 5002)).toHaveLength(199);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', carol.accessToken);
    expect(balance.body.data).toMatchObject({ bsc: 0, usdtm: 20_000 });
    await expectLedgerInvariants(testApp.pool);
  });
});

describe('POST /user/updateLeverage through the sequencer', () => {
  it('stores the leverage in the engine and refuses a bad one', async () => {
    expect((await post(testApp.app, '/user/updateLeverage', { leverage: 25 }, alice.accessToken)).body.code).toBe(0);
    expect(await testApp.trading.leverageOf(alice.userId)).toBe(25);
    const refused = await post(testApp.app, '/user/updateLeverage', { leverage: 101 }, alice.accessToken);
    expect(refused.body.code).not.toBe(0);
    expect(await testApp.trading.leverageOf(alice.userId)).toBe(25);
  });
});
