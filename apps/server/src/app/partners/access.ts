import { Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import type { ReferralTree } from './tree.ts';
import { PARTNER_MIN_LEVEL } from './tree.ts';

/** Every manager call: the caller must be a partner (level ≥ 2) in the tree; members get PARTNER_REQUIRED. */
export function requirePartner(tree: ReferralTree, userId: number) {
  const partner = tree.get(userId);
  if (!partner || partner.level < PARTNER_MIN_LEVEL) throw new AppError(Errors.PARTNER_REQUIRED);
  return partner;
}

/** nowFee as the seeds show it: a percentage (basis points / 100). */
export const percentOfBps = (bps: number) => bps / 100;
