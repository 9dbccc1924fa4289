import type { MicroUsdt } from '@tickline/money';
import type { AccountId, Posting, PostingKind } from './ledger.ts';
import type { EngineEvent, OrderState, UserId } from './types.ts';

/** What one `apply` collects. Orders and positions are emitted once, in their final state, at the end. */
export interface Effects {
  nowMs: number;
  events: EngineEvent[];
  postings: Posting[];
  dirtyOrders: Map<number, OrderState>;
  dirtyPositions: Set<UserId>;
}

/** Posts a ledger transfer into the command's effects (zero amounts are skipped). */
export type Post = (
  debit: AccountId,
  credit: AccountId,
  amount: MicroUsdt,
  kind: PostingKind,
  ref: string,
  effects: Effects,
) => void;
