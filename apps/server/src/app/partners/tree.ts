import type { partners } from '@tickline/db';

export const PARTNER_MIN_LEVEL = 2;
export const TOP_LEVEL = 7;

/** The referral tree in memory: parents, children, and the partners on each user's chain. */
export class ReferralTree {
  private readonly byId = new Map<number, partners.TreeUser>();
  private readonly children = new Map<number, number[]>();

  constructor(readonly users: readonly partners.TreeUser[]) {
    for (const user of users) this.byId.set(user.id, user);
    for (const user of users)
      if (user.referrerId !== null && this.byId.has(user.referrerId)) {
        const list = this.children.get(user.referrerId) ?? [];
        list.push(user.id);
        this.children.set(user.referrerId, list);
      }
  }

  get(id: number): partners.TreeUser | undefined {
    return this.byId.get(id);
  }

  /** Strict ancestors, nearest first (a cycle, which the database forbids, would stop the walk). */
  ancestors(id: number): partners.TreeUser[] {
    const chain: partners.TreeUser[] = [];
    const seen = new Set<number>([id]);
    let current = this.byId.get(id)?.referrerId ?? null;
    while (current !== null && !seen.has(current)) {
      const user = this.byId.get(current);
      if (!user) break;
      chain.push(user);
      seen.add(current);
      current = user.referrerId;
    }
    return chain;
  }

  /** Everyone below `id`, breadth first. */
  downline(id: number): partners.TreeUser[] {
    const found: partners.TreeUser[] = [];
    const queue = [...(this.children.get(id) ?? [])];
    const seen = new Set<number>([id]);
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      found.push(this.byId.get(next)!);
      queue.push(...(this.children.get(next) ?? []));
    }
    return found;
  }

  /** The nearest partner above `id` (level ≥ 2), or null. */
  nearestPartnerAbove(id: number): partners.TreeUser | null {
    return this.ancestors(id).find((user) => user.level >= PARTNER_MIN_LEVEL) ?? null;
  }

  /** Partners below `id` with no other partner between: the tier whose rates `id` sets. */
  directPartners(id: number): partners.TreeUser[] {
    return this.downline(id).filter(
      (user) => user.level >= PARTNER_MIN_LEVEL && this.nearestPartnerAbove(user.id)?.id === id,
    );
  }
}
