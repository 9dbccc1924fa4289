import { userAdmin, type Pool } from '@tickline/db';

/**
 * The users whose trading an operator froze, held in memory so the order path pays a set lookup, not a query: read
 * from PostgreSQL at the first order after start, and again (`reload`) after each freeze or unfreeze has committed.
 * In one process every order and bet goes through this trading service, so that reload is seen by every later order;
 * in a cluster each API node holds its own set, and a change made on one reaches the others over the bus
 * (roles/platform-services.ts). An order already past the check when a freeze commits still goes through.
 */
export class TradingFreezes {
  private frozen: ReadonlySet<number> | null = null;
  private firstLoad: Promise<void> | null = null;
  private started = 0;
  private applied = 0;
  private readonly changeListeners = new Set<() => void>();

  constructor(private readonly pool: Pool) {}

  /** A freeze or unfreeze committed here: read the set again and tell the other API nodes of a cluster. */
  async changed(): Promise<void> {
    await this.reload();
    for (const listener of this.changeListeners) listener();
  }

  onChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

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
