// Seed 001 §2/§6: which downline tier lists a partner sees, in which order, and which one is editable.
import type { ManagerPartnerAnswer, TierPartner } from '@tickline/protocol';
import type { TierList } from '../types.ts';

/** The tier list that holds partners of each level (seed 001 §3). */
export const TIER_OF_LEVEL: Readonly<Record<number, TierList>> = {
  6: 'superUsers',
  5: 'megaUsers',
  4: 'starUsers',
  3: 'premiumUsers',
  2: 'influencerUsers',
};

export interface TierView {
  list: TierList;
  level: number;
  rows: TierPartner[];
  /** The top tier of the view: its fee percentage can be edited and applied (Fees Apply). */
  editable: boolean;
}

/**
 * Each level sees the tiers below it, highest first (a level-7 partner sees Super first; levels 3 to 7 see the
 * Influencer tier; an Influencer sees none). Only the top tier — the caller's direct downline tier — is editable.
 */
export function tierViews(partner: ManagerPartnerAnswer): TierView[] {
  const views: TierView[] = [];
  for (let level = Math.min(partner.level - 1, 6); level >= 2; level -= 1) {
    const list = TIER_OF_LEVEL[level]!;
    views.push({ list, level, rows: partner[list] ?? [], editable: views.length === 0 });
  }
  return views;
}

/** Seed 001 §5: the percentage is clamped to 0..100 in steps of 1; anything unreadable is 0. */
export function clampPercent(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : Number(String(raw).replace(/[^\d.-]/g, '') || '0');
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.trunc(value)));
}
