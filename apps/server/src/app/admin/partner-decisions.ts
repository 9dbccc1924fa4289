import { inTransaction, operatorAudit, partners, users, type Pool } from '@tickline/db';
import { Errors, SettlementStatus } from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import { cascade } from '../partners/fee-rates.ts';
import { ReferralTree, TOP_LEVEL } from '../partners/tree.ts';
import type { OperatorActor } from './actor.ts';

const MAX_REASON_LENGTH = 500;
const QUEUE_LIMIT = 500;

/** Pays an approved application to the partner's spot wallet (idempotent per application). */
export type PaySettlement = (userId: number, applicationNo: number, amount: number) => Promise<void>;

/** Operators' side of the partner back office (#20 item 4): settlement applications, levels, level-7 rates. Audited. */
export class PartnerDecisions {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly pay: PaySettlement,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  queue(status: number) {
    return partners.listSettlementWithdrawals(this.pool, status, QUEUE_LIMIT);
  }

  /** Applied → approved (audited in the same transaction), then paid through the ledger once. */
  async approve(no: number, actor: OperatorActor): Promise<void> {
    const decided = await inTransaction(this.pool, async (db) => {
      const row = await partners.decideSettlementWithdrawal(db, no, {
        status: SettlementStatus.Approved,
        reason: null,
        decidedBy: actor.id,
        now: this.now(),
      });
      if (!row) throw new AppError(Errors.SETTLEMENT_APPLICATION_NOT_WAITING);
      // Rolled back with the transaction: nobody decides on their own money.
      if (row.partnerId === actor.id) throw new AppError(Errors.OWN_REQUEST);
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'settlement-withdrawal.approve',
        targetType: 'settlement-withdrawal',
        targetId: no,
        previous: { status: SettlementStatus.Applied },
        next: { status: SettlementStatus.Approved, amount: row.amount },
        now: this.now(),
      });
      return row;
    });
    await this.pay(decided.partnerId, decided.no, decided.amount);
    await partners.markSettlementPaid(this.pool, decided.no);
  }

  /** Approved applications a crash left unpaid are paid now (the ledger's key makes each once). */
  async finishPayments(): Promise<void> {
    for (const row of await partners.approvedUnpaid(this.pool)) {
      await this.pay(row.partnerId, row.no, row.amount);
      await partners.markSettlementPaid(this.pool, row.no);
    }
  }

  async refuse(no: number, actor: OperatorActor, reason: unknown): Promise<void> {
    if (typeof reason !== 'string' || reason.trim() === '' || reason.trim().length > MAX_REASON_LENGTH)
      throw new AppError(Errors.REFUSAL_REASON_REQUIRED);
    await inTransaction(this.pool, async (db) => {
      const row = await partners.decideSettlementWithdrawal(db, no, {
        status: SettlementStatus.Refused,
        reason: reason.trim(),
        decidedBy: actor.id,
        now: this.now(),
      });
      if (!row) throw new AppError(Errors.SETTLEMENT_APPLICATION_NOT_WAITING);
      // Rolled back with the transaction: nobody decides on their own money.
      if (row.partnerId === actor.id) throw new AppError(Errors.OWN_REQUEST);
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'settlement-withdrawal.refuse',
        targetType: 'settlement-withdrawal',
        targetId: no,
        previous: { status: SettlementStatus.Applied },
        next: { status: SettlementStatus.Refused },
        reason: reason.trim(),
        now: this.now(),
      });
    });
  }

  /** POST /admin/users/level {userNo, level}. */
  async setLevel(userNo: unknown, level: unknown, actor: OperatorActor): Promise<void> {
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > TOP_LEVEL)
      throw new AppError(Errors.INVALID_LEVEL);
    await inTransaction(this.pool, async (db) => {
      const user = typeof userNo === 'number' ? await users.findUserById(db, userNo) : null;
      if (user?.id === actor.id) throw new AppError(Errors.OWN_REQUEST);
      if (!user || user.role !== 'user') throw new AppError(Errors.USER_NOT_FOUND);
      await partners.setLevel(db, user.id, level, this.now());
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'user.level',
        targetType: 'user',
        targetId: user.id,
        previous: { level: user.level },
        next: { level },
        now: this.now(),
      });
    });
  }

  /** POST /admin/users/fee {userNo, nowFee}: a level-7 partner's rate (percent, 2 decimals), cascaded down. */
  async setTopFee(userNo: unknown, nowFee: unknown, actor: OperatorActor): Promise<void> {
    const bps = typeof nowFee === 'number' ? Math.round(nowFee * 100) : Number.NaN;
    if (!Number.isInteger(bps) || bps < 0 || bps > 10_000 || Math.abs(bps - (nowFee as number) * 100) > 1e-6)
      throw new AppError(Errors.INVALID_FEE_RATE);
    await inTransaction(this.pool, async (db) => {
      const tree = new ReferralTree(await partners.loadTree(db));
      const user = typeof userNo === 'number' ? tree.get(userNo) : undefined;
      if (!user) throw new AppError(Errors.USER_NOT_FOUND);
      if (user.level !== TOP_LEVEL) throw new AppError(Errors.FEE_TOP_LEVEL_ONLY);
      const changed = cascade(tree, user.id, new Map([[user.id, bps]]));
      changed.set(user.id, bps);
      await partners.setFeeRates(
        db,
        [...changed].map(([id, feeRateBps]) => ({ id, feeRateBps })),
        this.now(),
      );
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'user.fee',
        targetType: 'user',
        targetId: user.id,
        previous: { nowFee: user.feeRateBps / 100 },
        next: { nowFee: bps / 100, cascaded: changed.size - 1 },
        now: this.now(),
      });
    });
  }
}
