/** What the chaos load sent and what it was told, shared by the load (load.ts, wallet-load.ts) and the checks. */
import type { AmendSent } from './order-controls-load.ts';

/**
 * acknowledged: answered code 0. refused: answered with a definite refusal (nothing may stand). unknown: no answer
 * (the kill cut it off) or an answer that leaves the outcome open (internal error, busy, database unavailable).
 */
export type Outcome = 'acknowledged' | 'refused' | 'unknown';

/**
 * Answers that do not say whether the operation took effect: INTERNAL, SERVICE_BUSY, DATABASE_UNAVAILABLE,
 * ENGINE_OUTCOME_UNKNOWN.
 */
const OPEN_CODES = new Set([1006, 1007, 1009, 1010]);

export function outcomeOf(code: number): Outcome {
  if (code === 0) return 'acknowledged';
  return OPEN_CODES.has(code) ? 'unknown' : 'refused';
}

export interface FaucetSend {
  userId: number;
  outcome: Outcome;
  /** The transaction the faucet answered with, and the deposit address it paid (acknowledged sends). */
  txHash?: string;
  to?: string;
}

export interface WithdrawalRequest {
  userId: number;
  /** Micro-USDT the address is to receive. */
  amount: number;
  outcome: Outcome;
  /** The withdrawal's number (acknowledged requests). */
  no?: number;
}

/** An order placed by a signed request (an API key), known by the client order id it was sent with. */
export interface SignedOrder {
  userId: number;
  outcome: Outcome;
  /** The order's number (acknowledged orders). */
  no?: number;
}

export type DecisionKind = 'cancel' | 'approve' | 'refuse';

export interface Decision {
  kind: DecisionKind;
  outcome: Outcome;
  /** The transaction hash an acknowledged approval answered. */
  txHash?: string;
}

export interface Ledgerbook {
  orders: Map<number, number>;
  /** The market of each acknowledged order (#34: the load trades every market). */
  orderSymbols: Map<number, string>;
  cancels: Set<number>;
  bets: Map<number, number>;
  /** `${userId}:${sellWallet}:${microAmount}` — amounts are unique per operation. */
  transfers: Set<string>;
  unknownTransfers: Set<string>;
  /** Faucet sends by amount in micro-USDT: every send asks for a different whole amount, which identifies it. */
  faucet: Map<number, FaucetSend>;
  /** Withdrawal requests by destination address (lower case): every request goes to a fresh random address. */
  withdrawals: Map<string, WithdrawalRequest>;
  /** Every decision sent on a withdrawal (by the user: cancel; by the operator: approve, refuse), by its number. */
  decisions: Map<number, Decision[]>;
  /** Signed orders by client order id (every one fresh); acknowledged ones are in `orders` too. */
  signedOrders: Map<string, SignedOrder>;
  /** Acknowledged IOC and reduce-only orders (#32): never resting. */
  neverResting: Set<number>;
  /** Amends sent (#32), by order number, in the order sent. */
  amends: Map<number, AmendSent[]>;
}

export function emptyBook(): Ledgerbook {
  return {
    orders: new Map(),
    orderSymbols: new Map(),
    cancels: new Set(),
    bets: new Map(),
    transfers: new Set(),
    unknownTransfers: new Set(),
    faucet: new Map(),
    withdrawals: new Map(),
    decisions: new Map(),
    signedOrders: new Map(),
    neverResting: new Set(),
    amends: new Map(),
  };
}

/** The kinds of operation counted in the figures, in the order the final line prints them. */
export const KINDS = [
  'orders',
  'cancels',
  'bets',
  'transfers',
  'deposits',
  'withdrawals',
  'withdrawal cancels',
  'approvals',
  'refusals',
  'signed orders',
  'signed cancels',
  'amends',
  'ioc orders',
  'reduce-only orders',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Figures {
  acknowledged: number;
  byKind: Record<Kind, number>;
  refused: number;
  unanswered: number;
  kills: number;
  violations: number;
}

export function emptyFigures(): Figures {
  return {
    acknowledged: 0,
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>,
    refused: 0,
    unanswered: 0,
    kills: 0,
    violations: 0,
  };
}

/** Counts one answer (or its absence: `code` null) of an operation of `kind`; answers its outcome. */
export function count(figures: Figures, kind: Kind, code: number | null): Outcome {
  if (code === null) {
    figures.unanswered += 1;
    return 'unknown';
  }
  const outcome = outcomeOf(code);
  if (outcome === 'acknowledged') {
    figures.acknowledged += 1;
    figures.byKind[kind] += 1;
  } else figures.refused += 1;
  return outcome;
}

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
export function generator(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
