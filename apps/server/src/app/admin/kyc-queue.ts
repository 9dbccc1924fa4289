import { alarms, inTransaction, operatorAudit, users, type Pool } from '@tickline/db';
import { ApproveStatus, Errors } from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { OperatorActor } from './actor.ts';

const QUEUE_LIMIT = 200;
const MAX_REASON_LENGTH = 500;
/** Seed 000: approveStatus 1 approved, 2 rejected (re-upload via /verification), 3 waiting. */
const { Verified: APPROVED, Rejected: REJECTED, Pending: WAITING } = ApproveStatus;

/** Tells the user's open screens (the alarm is stored either way). */
export type AlarmPush = (userId: number, content: string, createdAt: Date) => void;

/** The operators' KYC queue (#16 item 2): pending users with their image (by reference), approve or reject. */
export class KycQueue {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly push: AlarmPush = () => undefined,
  ) {}

  async list(status: number) {
    const rows = await users.kycQueue(this.pool, status, QUEUE_LIMIT);
    return rows.map((row) => ({
      userNo: row.id,
      userid: row.userid,
      name: row.name,
      phone: row.phone,
      approveStatus: row.approveStatus,
      // Served only inside the admin plugin, by the user's number: never a public path to the file.
      image: row.kycImageId ? `/api/v1/admin/kyc/image/${row.id}` : null,
      insertDate: row.createdAt.toISOString(),
    }));
  }

  /** The stored image of a user's KYC, for the operator's screen. */
  image(userNo: number): Promise<{ id: string; format: 'jpeg' | 'png' } | null> {
    return users.kycImageOf(this.pool, userNo);
  }

  /** POST /admin/kyc/decide {userNo, approveStatus, reason}: 1 approves, 2 rejects with a reason; audited, alarmed. */
  async decide(input: { userNo?: unknown; approveStatus?: unknown; reason?: unknown }, actor: OperatorActor) {
    const { userNo, approveStatus, reason } = input;
    if (approveStatus !== APPROVED && approveStatus !== REJECTED)
      throw new AppError(Errors.VALIDATION_FAILED, { message: 'approveStatus must be 1 (approve) or 2 (reject)' });
    const why = typeof reason === 'string' ? reason.trim() : '';
    if (approveStatus === REJECTED && (why === '' || why.length > MAX_REASON_LENGTH))
      throw new AppError(Errors.REFUSAL_REASON_REQUIRED);
    const now = new Date(this.clock.now());
    const content =
      approveStatus === APPROVED
        ? 'Your identity verification is approved.'
        : `Your identity verification was rejected: ${why}. Please upload a new photo in Verification.`;
    const userId = await inTransaction(this.pool, async (db) => {
      const user = typeof userNo === 'number' ? await users.findUserById(db, userNo) : null;
      if (user?.id === actor.id) throw new AppError(Errors.OWN_REQUEST);
      if (!user || user.role !== 'user') throw new AppError(Errors.USER_NOT_FOUND);
      if (user.approveStatus !== WAITING)
        throw new AppError(Errors.VALIDATION_FAILED, { message: 'This user is not waiting for a KYC decision.' });
      await users.setApproveStatus(db, user.id, approveStatus, now);
      await alarms.insertAlarm(db, { userId: user.id, content, createdAt: now });
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor.id,
        clientAddress: actor.clientAddress,
        action: 'kyc.decide',
        targetType: 'user',
        targetId: user.id,
        previous: { approveStatus: WAITING },
        next: { approveStatus },
        reason: approveStatus === REJECTED ? why : null,
        now,
      });
      return user.id;
    });
    this.push(userId, content, now);
  }
}
