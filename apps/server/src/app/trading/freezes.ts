import { userAdmin, type Pool } from '@tickline/db';

/**
 * The users whose trading an operator froze, held in memory so the order path pays a set lookup, not a query: read
 * from PostgreSQL at the first order after start, and again (`reload`) after each freeze or unfreeze has committed.
 * Every order and bet goes through this process's trading service (one API process holds the writer lock), so that
 * reload is seen by every later order. An order already past the check when a freeze commits still goes through.
 */
export class TradingFreezes {
  private frozen: ReadonlySet<number> | null = null;
  private firstLoad: Promise<void> | null = null;
  private started = 0;
  private applied = 0;

  constructor(private readonly pool: Pool) {}

  async isFrozen(userId: number): Promise<boolean> {
    if (!this.frozen) {
      this.firstLoad ??= this.reload().catch((error: unknown) => {
        this.firstLoad = null; // the next order tries again
        throw error;
      });
      await this.firstLoad;
    }
    return this.frozen!.has(userId);
  }

  /** Reads the set again; of reads that overlap, the one started last wins (it saw every commit before it). */
  async reload(): Promise<void> {
    const generation = ++this.started;
    let ids: number[];
    try {
      ids = await userAdmin.tradingFrozenUserIds(this.pool);
    } catch (error) {
      // A change may have committed unseen: forget the set, so the next order reads it again rather than trust it.
      this.frozen = null;
      this.firstLoad = null;
      throw error;
    }
    if (generation < this.applied) return;
    this.applied = generation;
    this.frozen = new Set(ids);
  }
}
