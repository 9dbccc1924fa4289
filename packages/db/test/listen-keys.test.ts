import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeListenKey,
  deleteLapsedListenKeys,
  listenKeyExpiries,
  liveListenKey,
  openListenKey,
  renewListenKey,
} from '../src/stores/listen_keys.ts';
import { insertUser } from '../src/stores/users.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
let userId: number;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));
const key = (digit: string) => ({ keyHash: digit.repeat(64), sealedKey: `sealed ${digit}` });

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await insertUser(database.pool, {
    userid: 'listen@example.test',
    passwordHash: 'x',
    name: 'Listen',
    phone: '010',
    referralCode: 'LISTEN01',
    referrerId: null,
    approveStatus: 1,
    kycImageId: null,
    depositAddressIndex: 0,
    bscAddress: '0xlisten',
    createdAt: at(0),
  });
  userId = user!.id;
});

afterAll(async () => {
  await database?.drop();
});

describe('listen keys store', () => {
  it('keeps one key per user: renewed while live, replaced once lapsed', async () => {
    const db = database.pool;
    expect(await openListenKey(db, userId, key('a'), at(0), at(60))).toEqual(key('a'));
    // Live: the same key, renewed (the fresh one offered is not taken).
    expect(await openListenKey(db, userId, key('b'), at(30), at(90))).toEqual(key('a'));
    expect(await liveListenKey(db, key('a').keyHash, at(89))).toEqual({ userId, expiresAt: at(90) });
    expect(await liveListenKey(db, key('a').keyHash, at(90))).toBeNull();
    // Lapsed: the fresh key takes its place.
    expect(await openListenKey(db, userId, key('c'), at(90), at(150))).toEqual(key('c'));
    expect(await liveListenKey(db, key('a').keyHash, at(91))).toBeNull();
  });

  it('renews and closes the key named, or the live one; nothing once lapsed', async () => {
    const db = database.pool;
    expect(await renewListenKey(db, userId, key('a').keyHash, at(100), at(160))).toBeNull();
    expect(await renewListenKey(db, userId, key('c').keyHash, at(100), at(160))).toEqual(key('c'));
    expect(await renewListenKey(db, userId, null, at(110), at(170))).toEqual(key('c'));
    expect(await listenKeyExpiries(db, [key('c').keyHash, key('a').keyHash])).toEqual(
      new Map([[key('c').keyHash, at(170)]]),
    );
    expect(await renewListenKey(db, userId, null, at(170), at(230))).toBeNull();
    expect(await closeListenKey(db, userId, null, at(170))).toBeNull();
    // The lapsed row is still read by the checks until removed.
    expect(await listenKeyExpiries(db, [key('c').keyHash])).toEqual(new Map([[key('c').keyHash, at(170)]]));
    expect(await deleteLapsedListenKeys(db, at(169))).toBe(0);
    expect(await deleteLapsedListenKeys(db, at(171))).toBe(1);

    await openListenKey(db, userId, key('d'), at(200), at(260));
    expect(await closeListenKey(db, userId, key('e').keyHash, at(201))).toBeNull();
    expect(await closeListenKey(db, userId, null, at(201))).toBe(key('d').keyHash);
    expect(await listenKeyExpiries(db, [key('d').keyHash])).toEqual(new Map());
  });
});
