import { alarms, inTransaction, operatorAudit, sessions, userAdmin, type Pool } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { Clock } from '../../../clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { SessionRevocations } from '../../accounts/session-revocations.ts';
import type { TradingFreezes } from '../../trading/freezes.ts';
import type { OperatorActor } from '../actor.ts';

const MAX_REASON_LENGTH = 500;

/** Tells the user's open screens of a stored alarm. */
export type AlarmPush = (userId: number, content: string, createdAt: Date) => void;

export interface FreezeInput {
  userNo?: unknown;
  trading?: unknown;
  withdrawals?: unknown;
  reason?: unknown;
}

interface Frozen {
  trading: boolean;
  withdrawals: boolean;
}

export function userNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw new AppError(Errors.USER_NOT_FOUND);
  return value;
}

function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw new AppError(Errors.VALIDATION_FAILED, { message: `${name} must be true or false` });
  return value;
}

function reasonOf(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason === '' || reason.length > MAX_REASON_LENGTH) throw new AppError(Errors.FREEZE_REASON_REQUIRED);
  return reason;
}

/** What the user is told (the operator's reason stays in the audit log: it may be an internal one). */
function alarmText(freeze: boolean, changed: Frozen): string {
  const what =
    changed.trading && changed.withdrawals ? 'Trading and withdrawals' : changed.trading ? 'Trading' : 'Withdrawals';
  if (!freeze)
    return `${what} on your account ${changed.trading && changed.withdrawals ? 'are' : 'is'} available again.`;
  const effect = [
    changed.trading ? 'new orders and option bets are refused' : '',
    changed.withdrawals ? 'withdrawal requests are refused and waiting ones are not sent' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `${what} on your account ${changed.trading && changed.withdrawals ? 'have' : 'has'} been suspended by an operator: ${effect}. Please contact support.`;
}

/** The operators' controls over one user (#16 item 4): freeze and unfreeze trading or withdrawals, end sessions. */
export class UserControls {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly tradingFreezes: TradingFreezes,
    private readonly revocations: SessionRevocations,
    private readonly push: AlarmPush = () => undefined,
  ) {}

  /** `POST /admin/users/freeze {userNo, trading?, withdrawals?, reason}`. */
  freeze(input: FreezeInput, actor: OperatorActor) {
    return this.change(input, actor, true);
  }

  /** `POST /admin/users/unfreeze {userNo, trading?, withdrawals?, reason}`. */
  unfreeze(input: FreezeInput, actor: OperatorActor) {
    return this.change(input, actor, false);
  }

  private async change(input: FreezeInput, actor: OperatorActor, freeze: boolean): Promise<Frozen> {
    const userNo = userNumber(input.userNo);
    const selected = { trading: flag(input.trading, 'trading'), withdrawals: flag(input.withdrawals, 'withdrawals') };
    if (!selected.trading && !selected.withdrawals) throw new AppError(Errors.FREEZE_NOTHING_SELECTED);
    const reason = reasonOf(input.reason);
    const now = new Date(this.clock.now());
    const outcome = await inTransaction(this.pool, async (db) => {
      const user = await userAdmin.findAdminUser(db, userNo, true);
      if (!user) throw new AppError(Errors.USER_NOT_FOUND);
      const before: Frozen = { trading: user.tradingFrozenAt !== null, withdrawals: user.withdrawalsFrozenAt !== null };
      const after: Frozen = {
        trading: selected.trading ? freeze : before.trading,
        withdrawals: selected.withdrawals ? freeze : before.withdrawals,
      };
      const changed: Frozen = {
        trading: after.trading !== before.trading,
        withdrawals: after.withdrawals !== before.withdrawals,
      };
      if (!changed.trading && !changed.withdrawals) throw new AppError(Errors.FREEZE_UNCHANGED);
      const since = (was: Date | null, frozen: boolean) => (frozen ? (was ?? now) : null);
      await userAdmin.setFreezes(
        db,
        user.userNo,
        {
          tradingFrozenAt: since(user.tradingFrozenAt, after.trading),
          withdrawalsFrozenAt: since(user.withdrawalsFrozenAt, after.withdrawals),
          // The reason of the latest freeze while anything stays frozen; every reason is in the audit log.
          reason: !after.trading && !after.withdrawals ? null : freeze ? reason : user.freezeReason,
        },
        now,
      );
      const content = alarmText(freeze, changed);
      await alarms.insertAlarm(db, { userId: user.userNo, content, createdAt: now });
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: freeze ? 'user.freeze' : 'user.unfreeze',
        targetType: 'user',
        targetId: user.userNo,
        previous: before,
        next: after,
        reason,
        now,
      });
      return { after, changed, content };
    });
    // Committed: the order path's set is read again before this answers, so the next order sees the change.
    if (outcome.changed.trading) await this.tradingFreezes.changed();
    this.push(userNo, outcome.content, now);
    return outcome.after;
  }

  /**
   * `POST /admin/users/revoke-sessions {userNo}`: every session of the user ends, its websocket user streams with it
   * (the same revocation as a password change); the next call of any of its devices answers 40000.
   */
  async revokeSessions(input: { userNo?: unknown }, actor: OperatorActor): Promise<{ revoked: number }> {
    const userNo = userNumber(input.userNo);
    const now = new Date(this.clock.now());
    const ended = await inTransaction(this.pool, async (db) => {
      const user = await userAdmin.findAdminUser(db, userNo, true);
      if (!user) throw new AppError(Errors.USER_NOT_FOUND);
      const ids = await sessions.revokeUserSessions(db, user.userNo, 'revoked by an operator', now);
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'user.revoke-sessions',
        targetType: 'user',
        targetId: user.userNo,
        previous: { openSessions: ids.length },
        next: { openSessions: 0 },
        now,
      });
      return ids;
    });
    await this.revocations.ended(ended);
    return { revoked: ended.length };
  }
}
