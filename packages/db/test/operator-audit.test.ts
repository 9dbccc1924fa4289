import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOperatorAction, searchOperatorActions } from '../src/stores/operator_audit.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
let operatorId: number;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 9, minute));

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await database.pool.query<{ id: number }>(
    `INSERT INTO users (userid, password_hash, name, phone, referral_code, role, deposit_address_index, bsc_address,
       created_at, updated_at)
     VALUES ('ops@example.test', 'x', 'Ops', '010', 'OPS00001', 'operator', 0, '0xops', now(), now()) RETURNING id`,
  );
  operatorId = user.rows[0]!.id;
  await recordOperatorAction(database.pool, {
    operatorId,
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: 7,
    previous: { status: 1 },
    next: { status: 2 },
    clientAddress: '10.0.0.9',
    now: at(1),
  });
  await recordOperatorAction(database.pool, {
    operatorId: null,
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: 8,
    now: at(2),
  });
  await recordOperatorAction(database.pool, {
    operatorId,
    action: 'kyc.decide',
    targetType: 'user',
    targetId: 42,
    previous: { approveStatus: 3 },
    next: { approveStatus: 2 },
    reason: 'blurred photo',
    now: at(3),
  });
});
afterAll(async () => {
  await database.drop();
});

describe('the operator audit log', () => {
  it('answers newest first with who, what, target, before, after, reason and client address', async () => {
    const page = await searchOperatorActions(database.pool, {}, 1, 10);
    expect(page.totalRows).toBe(3);
    expect(page.rows.map((row) => row.action)).toEqual(['kyc.decide', 'withdrawal.approve', 'withdrawal.approve']);
    expect(page.rows[2]).toEqual({
      id: expect.any(Number),
      operatorId,
      operatorUserid: 'ops@example.test',
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: '7',
      previous: { status: 1 },
      next: { status: 2 },
      reason: null,
      clientAddress: '10.0.0.9',
      createdAt: at(1),
    });
  });

  it('filters by operator, by action or its area, and by target', async () => {
    const ids = async (filter: Parameters<typeof searchOperatorActions>[1]) =>
      (await searchOperatorActions(database.pool, filter, 1, 10)).rows.map(
        (row) => `${row.targetType}:${row.targetId}`,
      );
    expect(await ids({ operatorId })).toEqual(['user:42', 'withdrawal:7']);
    expect(await ids({ action: 'withdrawal' })).toEqual(['withdrawal:8', 'withdrawal:7']);
    expect(await ids({ action: 'kyc.decide' })).toEqual(['user:42']);
    expect(await ids({ action: 'kyc.dec' })).toEqual([]);
    expect(await ids({ targetType: 'withdrawal', targetId: 8 })).toEqual(['withdrawal:8']);
  });

  it('is append-only: rows cannot be changed, deleted or truncated', async () => {
    await expect(database.pool.query("UPDATE operator_audit SET reason = 'edited'")).rejects.toThrow(/append-only/);
    await expect(database.pool.query('DELETE FROM operator_audit')).rejects.toThrow(/append-only/);
    await expect(database.pool.query('TRUNCATE operator_audit')).rejects.toThrow(/append-only/);
    expect((await searchOperatorActions(database.pool, {}, 1, 10)).totalRows).toBe(3);
  });
});
