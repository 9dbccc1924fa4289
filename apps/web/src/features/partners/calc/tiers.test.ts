import { describe, expect, it } from 'vitest';
import type { ManagerPartnerAnswer, TierPartner } from '@tickline/protocol';
import { clampPercent, tierViews } from './tiers.ts';

const row = (no: number, level: number): TierPartner => ({
  no,
  level,
  name: `P${no}`,
  email: `p${no}@tickline.dev`,
  nowFee: 10,
  memberCount: 0,
  phone: '',
  todaySettlement: 0,
  weekSettlement: 0,
  totalSettlement: 0,
  parentsDistributePercent: 80,
});

const answer = (level: number, lists: Partial<ManagerPartnerAnswer> = {}): ManagerPartnerAnswer => ({
  ...row(1, level),
  superUsers: [],
  megaUsers: [],
  starUsers: [],
  premiumUsers: [],
  influencerUsers: [],
  ...lists,
});

describe('tierViews (seed 001 §2.2, §6)', () => {
  it('level 7 sees Super first, then every tier down to Influencer; only Super is editable', () => {
    const views = tierViews(answer(7, { superUsers: [row(2, 6)], influencerUsers: [row(6, 2)] }));
    expect(views.map((view) => view.list)).toEqual([
      'superUsers',
      'megaUsers',
      'starUsers',
      'premiumUsers',
      'influencerUsers',
    ]);
    expect(views.map((view) => view.editable)).toEqual([true, false, false, false, false]);
    expect(views[0]!.rows.map((entry) => entry.no)).toEqual([2]);
    expect(views[2]!.rows).toEqual([]);
  });

  it('each level sees the tiers below it; level 3 sees Influencer only, editable; level 2 none', () => {
    expect(tierViews(answer(4)).map((view) => view.list)).toEqual(['premiumUsers', 'influencerUsers']);
    expect(tierViews(answer(3))).toEqual([{ list: 'influencerUsers', level: 2, rows: [], editable: true }]);
    expect(tierViews(answer(2))).toEqual([]);
  });
});

describe('clampPercent (0..100, step 1)', () => {
  it('clamps and truncates', () => {
    expect(clampPercent('150')).toBe(100);
    expect(clampPercent('-3')).toBe(0);
    expect(clampPercent('33.9')).toBe(33);
    expect(clampPercent('')).toBe(0);
    expect(clampPercent('abc')).toBe(0);
    expect(clampPercent(42)).toBe(42);
  });
});
