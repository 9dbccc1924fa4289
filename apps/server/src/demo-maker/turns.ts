/**
 * Shares a request budget between queues (the demo maker's markets, #34): one request from each queue in turn, each
 * queue's own order kept, until the budget or every queue is spent. With one queue it is the queue's first `budget`.
 */
export function takeInTurns<T>(queues: ReadonlyArray<readonly T[]>, budget: number): T[] {
  const taken: T[] = [];
  for (let round = 0; taken.length < budget; round += 1) {
    let any = false;
    for (const queue of queues) {
      const next = queue[round];
      if (next === undefined) continue;
      any = true;
      if (taken.length < budget) taken.push(next);
    }
    if (!any) break;
  }
  return taken;
}
