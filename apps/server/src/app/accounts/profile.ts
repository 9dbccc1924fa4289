import { users } from '@tickline/db';
import { Errors, type UserInfo } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';

const DAY_MS = 24 * 3600 * 1000;
// Korea has no daylight saving time: KST is always UTC+9.
const KST_OFFSET_MS = 9 * 3600 * 1000;
export const PARTNER_MIN_LEVEL = 2;

/** Start of the current Korean calendar day, as a UTC instant. */
export function startOfKstDay(nowMs: number): Date {
  return new Date(Math.floor((nowMs + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS);
}

export async function userInfo(ctx: AppContext, userId: number): Promise<UserInfo> {
  const nowMs = ctx.clock.now();
  // The user, the downline counts and the partner code in one query, beside the engine's leverage (#30).
  const [profile, leverage] = await Promise.all([
    users.findProfile(ctx.pool, userId, startOfKstDay(nowMs), new Date(nowMs - 7 * DAY_MS), PARTNER_MIN_LEVEL),
    ctx.services.trading.leverageOf(userId),
  ]);
  if (!profile) throw new AppError(Errors.SESSION_INVALID);
  const { user, counts } = profile;
  // A partner shares their own code; a member the nearest partner's above them.
  const partnerCode = user.level >= PARTNER_MIN_LEVEL ? user.referralCode : profile.partnerCode;
  return {
    no: user.id,
    name: user.name,
    email: user.userid,
    userid: user.userid,
    phone: user.phone,
    level: user.level,
    role: user.role,
    referralCode: user.referralCode,
    insertDate: user.createdAt.toISOString(),
    belowReferCount: counts.directCount,
    belowMemberCount: counts.downlineCount,
    todayJoinCount: counts.joinedSinceTodayStart,
    weekJoinCount: counts.joinedSinceWeekStart,
    leverage,
    approveStatus: user.approveStatus,
    // A member with no partner above shares their own code (their invitees join their own tree).
    parent2ReferralCode: partnerCode ?? user.referralCode,
    bscAddress: user.bscAddress,
    withdrawalsBlockedUntil:
      user.withdrawalsBlockedUntil && user.withdrawalsBlockedUntil.getTime() > nowMs
        ? user.withdrawalsBlockedUntil.toISOString()
        : null,
  };
}
