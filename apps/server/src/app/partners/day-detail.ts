import { partners, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import { Errors, type SettlementDayAnswer, type SettlementDayMember } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { percentOfBps, requirePartner } from './access.ts';
import { kstDayBounds } from './days.ts';
import { RATE_SCALE } from './shares.ts';
import { PARTNER_MIN_LEVEL, type ReferralTree } from './tree.ts';

const usdt = (micro: number) => toNumber(micro, USDT_SCALE);

/**
 * GET /manager/settlementDay?day=YYYY-MM-DD: the members behind a day's figure — each downline member with revenue
 * that day, its parts by source (from the postings), the rate difference the caller earned on it and its
 * contribution (floored per member, so the contributions may add up to a few micro-USDT less than the settled share,
 * which is floored once over the sum).
 */
export async function settlementDay(
  pool: Pool,
  tree: ReferralTree,
  userId: number,
  day: string,
): Promise<SettlementDayAnswer> {
  const me = requirePartner(tree, userId);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
    throw new AppError(Errors.VALIDATION_FAILED, { message: 'day must be a date as YYYY-MM-DD' });
  const { from, to } = kstDayBounds(day);
  const downline = tree.downline(me.id);
  const parts = await partners.revenuePartsOf(
    pool,
    downline.map((u) => u.id),
    from,
    to,
  );
  const settled = (await partners.partnerDays(pool, me.id, 400)).find((row) => row.day === day) ?? null;
  const members: SettlementDayMember[] = [];
  for (const [memberId, p] of parts) {
    const revenue = p.optionLost - p.optionWon + p.fees + p.futuresLoss - p.futuresProfit;
    if (revenue === 0) continue;
    // The highest rate of the partners between the member and the caller (not the member itself).
    let below = 0;
    for (const ancestor of tree.ancestors(memberId)) {
      if (ancestor.id === me.id) break;
      if (ancestor.level >= PARTNER_MIN_LEVEL) below = Math.max(below, ancestor.feeRateBps);
    }
    const differenceBps = Math.max(0, me.feeRateBps - below);
    const weighted = BigInt(differenceBps) * BigInt(revenue);
    const floored = weighted / RATE_SCALE - (weighted % RATE_SCALE !== 0n && weighted < 0n ? 1n : 0n);
    const member = tree.get(memberId)!;
    members.push({
      no: member.id,
      name: member.name,
      email: member.userid,
      optionLost: usdt(p.optionLost),
      optionWon: usdt(p.optionWon),
      fees: usdt(p.fees),
      futuresLoss: usdt(p.futuresLoss),
      futuresProfit: usdt(p.futuresProfit),
      revenue: usdt(revenue),
      rateDifference: percentOfBps(differenceBps),
      contribution: usdt(Number(floored)),
    });
  }
  members.sort((a, b) => b.revenue - a.revenue);
  return {
    day,
    nowFee: settled ? percentOfBps(settled.rateBps) : percentOfBps(me.feeRateBps),
    settlement: settled ? usdt(settled.settlement) : 0,
    share: settled ? usdt(settled.share) : 0,
    carryIn: settled ? usdt(settled.carryIn) : 0,
    members,
  };
}
