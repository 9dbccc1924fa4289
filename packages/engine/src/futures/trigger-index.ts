/**
 * Users keyed by a trigger price, best-first: an indexed binary heap so the next trigger to fire is read in O(1) and
 * a user's entry is added, moved or removed in O(log n). `fires: 'atOrAbove'` keeps the lowest price on top (fires
 * when mark ≥ price); 'atOrBelow' keeps the highest (fires when mark ≤ price). A mark tick pops only what fires,
 * never scanning every position.
 */
export class TriggerIndex {
  private readonly userIds: number[] = [];
  private readonly prices: number[] = [];
  private readonly slotByUser = new Map<number, number>();

  constructor(readonly fires: 'atOrAbove' | 'atOrBelow') {}

  get size(): number {
    return this.userIds.length;
  }

  set(userId: number, price: number): void {
    const slot = this.slotByUser.get(userId);
    if (slot === undefined) {
      this.userIds.push(userId);
      this.prices.push(price);
      this.slotByUser.set(userId, this.userIds.length - 1);
      this.siftUp(this.userIds.length - 1);
      return;
    }
    this.prices[slot] = price;
    this.siftUp(slot);
    this.siftDown(this.slotByUser.get(userId) as number);
  }

  delete(userId: number): void {
    const slot = this.slotByUser.get(userId);
    if (slot === undefined) return;
    const last = this.userIds.length - 1;
    this.swap(slot, last);
    this.userIds.pop();
    this.prices.pop();
    this.slotByUser.delete(userId);
    if (slot < last) {
      this.siftUp(slot);
      this.siftDown(slot);
    }
  }

  /** Removes and returns every user whose trigger fires at `markPrice`, first-to-fire first. */
  popFiring(markPrice: number): number[] {
    const fired: number[] = [];
    while (this.userIds.length > 0) {
      const top = this.prices[0] as number;
      if (this.fires === 'atOrAbove' ? markPrice < top : markPrice > top) break;
      const userId = this.userIds[0] as number;
      this.delete(userId);
      fired.push(userId);
    }
    return fired;
  }

  private before(a: number, b: number): boolean {
    const priceA = this.prices[a] as number;
    const priceB = this.prices[b] as number;
    if (priceA !== priceB) return this.fires === 'atOrAbove' ? priceA < priceB : priceA > priceB;
    return (this.userIds[a] as number) < (this.userIds[b] as number); // deterministic order on ties
  }

  private siftUp(slot: number): void {
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!this.before(slot, parent)) return;
      this.swap(slot, parent);
      slot = parent;
    }
  }

  private siftDown(slot: number): void {
    const size = this.userIds.length;
    for (;;) {
      const left = 2 * slot + 1;
      const right = left + 1;
      let first = slot;
      if (left < size && this.before(left, first)) first = left;
      if (right < size && this.before(right, first)) first = right;
      if (first === slot) return;
      this.swap(slot, first);
      slot = first;
    }
  }

  private swap(a: number, b: number): void {
    if (a === b) return;
    const userA = this.userIds[a] as number;
    const userB = this.userIds[b] as number;
    this.userIds[a] = userB;
    this.userIds[b] = userA;
    const priceA = this.prices[a] as number;
    this.prices[a] = this.prices[b] as number;
    this.prices[b] = priceA;
    this.slotByUser.set(userB, a);
    this.slotByUser.set(userA, b);
  }
}
