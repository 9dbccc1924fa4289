import { inTransaction, partners, type Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import { kstDay, kstDayBounds, nextDay, previousDay } from './days.ts';
import { dailyShares, withCarry, type PartnerDay } from './shares.ts';
import { ReferralTree } from './tree.ts';

/** Moves a settled day's total from fee revenue to partner settlements payable, once per day (idempotency key). */
export type AccrueSettlement = (day: string, amount: number) => Promise<void>;

/** How far back a start or a missed close catches up. */
const CATCH_UP_DAYS = 7;

/**
 * The partners' money over time: today's estimate (refreshed by the estimate job) and the close of finished KST
 * days. A day is settled once: its marker row and its shares are written in one transaction, then the total moves in
 * the ledger under the day's idempotency key, so a crash anywhere and a second run settle it once.
 */
export class PartnerSettlements {
  private estimate: { day: string; shares: Map<number, PartnerDay>; at: number } | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly accrue: AccrueSettlement,
  ) {}

  async tree(): Promise<ReferralTree> {
    return new ReferralTree(await partners.loadTree(this.pool));
  }

  async sharesOf(day: string): Promise<Map<number, PartnerDay>> {
    const { from, to } = kstDayBounds(day);
    const [tree, revenue] = await Promise.all([this.tree(), partners.revenueByUser(this.pool, from, to)]);
    return dailyShares(tree, revenue);
  }

  /** The estimate job: today's shares so far. */
  async refreshEstimate(): Promise<void> {
    const day = kstDay(this.clock.now());
    this.estimate = { day, shares: await this.sharesOf(day), at: this.clock.now() };
  }

  /** Today's estimated share of a partner (0 before the first estimate of the day). */
  todayEstimate(partnerId: number): number {
    const today = kstDay(this.clock.now());
    if (this.estimate?.day !== today) return 0;
    return Math.max(0, this.estimate.shares.get(partnerId)?.share ?? 0);
  }

  /** Settles `day` (a finished KST day) once; answers the total moved to payable. */
  async settleDay(day: string): Promise<number> {
    if (day >= kstDay(this.clock.now())) throw new Error(`${day} has not ended in KST`);
    const existing = await partners.dayTotal(this.pool, day);
    if (existing !== null) {
      if (existing > 0) await this.accrue(day, existing); // a crash after the commit: the key makes this once
      return existing;
    }
    const [shares, tree] = await Promise.all([this.sharesOf(day), this.tree()]);
    const now = new Date(this.clock.now());
    const total = await inTransaction(this.pool, async (db) => {
      const carries = await partners.carriesBefore(db, day);
      const rows: partners.SettlementRow[] = [];
      for (const partnerId of new Set([...shares.keys(), ...carries.keys()])) {
        const day_ = shares.get(partnerId) ?? { revenue: 0, share: 0 };
        const carryIn = carries.get(partnerId) ?? 0;
        if (day_.share === 0 && carryIn === 0 && day_.revenue === 0) continue;
        const { settlement, carryOut } = withCarry(day_.share, carryIn);
        const rateBps = tree.get(partnerId)?.feeRateBps ?? 0;
        rows.push({ partnerId, day, rateBps, revenue: day_.revenue, share: day_.share, carryIn, settlement, carryOut });
      }
      const sum = rows.reduce((acc, row) => acc + row.settlement, 0);
      if (!(await partners.claimDay(db, day, sum, now))) return null; // settled by another run meanwhile
      await partners.insertSettlements(db, rows);
      return sum;
    });
    if (total === null) return this.settleDay(day);
    if (total > 0) await this.accrue(day, total);
    return total;
  }

  /** The daily close: every finished day since the last settled one (at most a week back), oldest first. */
  async settleFinishedDays(): Promise<string[]> {
    const today = kstDay(this.clock.now());
    const last = await partners.lastSettledDay(this.pool);
    let day = last ? nextDay(last) : previousDay(today);
    const earliest = kstDay(this.clock.now() - CATCH_UP_DAYS * 24 * 3600 * 1000);
    if (day < earliest) day = earliest;
    const settled: string[] = [];
    for (; day < today; day = nextDay(day)) {
      await this.settleDay(day);
      settled.push(day);
    }
    return settled;
  }
}
