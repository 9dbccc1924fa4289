import { inTransaction, partners, type Pool } from '@tickline/db';
import { Errors, type DistributePercentRequest } from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import { requirePartner } from './access.ts';
import { ReferralTree } from './tree.ts';

const MAX_ITEMS = 500;

/** A rate from the parent's rate and the percentage given: floor(parent × percent / 100), in basis points. */
export const childRate = (parentBps: number, percent: number) => Math.floor((parentBps * percent) / 100);

/**
 * Every partner below `rootId` re-rated from its own stored percentage of its nearest partner's new rate, top down:
 * a changed rate cascades through the tiers below it.
 */
export function cascade(tree: ReferralTree, rootId: number, rates: Map<number, number>): Map<number, number> {
  const changed = new Map<number, number>();
  const visit = (partnerId: number) => {
    const rate = rates.get(partnerId) ?? tree.get(partnerId)!.feeRateBps;
    for (const child of tree.directPartners(partnerId)) {
      const next = rates.get(child.id) ?? childRate(rate, child.parentsDistributePercent);
      if (next !== child.feeRateBps || rates.has(child.id)) changed.set(child.id, next);
      rates.set(child.id, next);
      visit(child.id);
    }
  };
  visit(rootId);
  return changed;
}

function parseItems(body: unknown): Array<{ no: number; percent: number }> {
  const list = (body as Partial<DistributePercentRequest> | null)?.parentsDistributePercents;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_ITEMS)
    throw new AppError(Errors.INVALID_DISTRIBUTE_PERCENT);
  return list.map((item: unknown) => {
    const { no, parentsDistributePercent } = (item ?? {}) as { no?: unknown; parentsDistributePercent?: unknown };
    const percent =
      typeof parentsDistributePercent === 'string' ? Number(parentsDistributePercent) : parentsDistributePercent;
    if (typeof no !== 'number' || !Number.isSafeInteger(no) || typeof percent !== 'number' || !Number.isFinite(percent))
      throw new AppError(Errors.INVALID_DISTRIBUTE_PERCENT);
    // Seed 001 §5: clamped to 0–100, step 1.
    return { no, percent: Math.min(100, Math.max(0, Math.round(percent))) };
  });
}

/**
 * POST /manager/distributePercent: the caller gives each partner directly below it a percentage of its own rate. The
 * server checks every `no` is in that tier, computes `nowFee` itself (a sent nowFee is ignored) and cascades the new
 * rates down; all in one transaction.
 */
export async function distributePercent(pool: Pool, clock: Clock, callerId: number, body: unknown): Promise<void> {
  const items = parseItems(body);
  await inTransaction(pool, async (db) => {
    const tree = new ReferralTree(await partners.loadTree(db));
    const caller = requirePartner(tree, callerId);
    const direct = new Set(tree.directPartners(caller.id).map((partner) => partner.id));
    for (const item of items) if (!direct.has(item.no)) throw new AppError(Errors.NOT_DIRECT_DOWNLINE);
    const rates = new Map<number, number>();
    const percents = new Map<number, number>();
    for (const item of items) {
      rates.set(item.no, childRate(caller.feeRateBps, item.percent));
      percents.set(item.no, item.percent);
    }
    const changed = cascade(tree, caller.id, rates);
    await partners.setFeeRates(
      db,
      [...changed].map(([id, feeRateBps]) => ({ id, feeRateBps, parentsDistributePercent: percents.get(id) })),
      new Date(clock.now()),
    );
  });
}
