/**
 * Per-account login throttle, on top of the per-address limit (which many addresses get around): after
 * FREE_FAILURES consecutive failures on one account, each further attempt must wait a delay that doubles with every
 * failure, capped at MAX_DELAY_MS so that an attacker can slow the user's own login down by a minute at most, never
 * lock the account. Attempts inside the delay are refused without checking the password (a right password then
 * must not be told apart). Unknown accounts are throttled alike, so the answers do not reveal which exist. Kept in
 * memory: one API process holds the writer lock, and a restart forgiving the count costs an attacker a restart.
 */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;
/** A count left alone this long is forgotten. */
const FORGET_AFTER_MS = 60 * 60 * 1000;
/** Accounts tracked at most (beyond, the stalest are forgotten first). */
const MAX_TRACKED = 100_000;
/** The user is told at the FREE_FAILURES-th failure and then every ALARM_EVERY failures. */
const ALARM_EVERY = 25;

interface Failures {
  count: number;
  lastAtMs: number;
}

export type ThrottleCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly accounts = new Map<string, Failures>();

  constructor(private readonly now: () => number) {}

  /** Whether an attempt on this account may be checked now. */
  check(account: string): ThrottleCheck {
    const failures = this.current(account);
    if (!failures || failures.count < FREE_FAILURES) return { allowed: true };
    const waitUntilMs = failures.lastAtMs + delayAfter(failures.count);
    const retryAfterMs = waitUntilMs - this.now();
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
  }

  /** Records a failed attempt; answers true when the account's owner should be told. */
  failed(account: string): boolean {
    const failures = this.current(account) ?? { count: 0, lastAtMs: 0 };
    failures.count += 1;
    failures.lastAtMs = this.now();
    // Re-inserted: the map's order is then least recently failed first, which is what pruning drops.
    this.accounts.delete(account);
    this.accounts.set(account, failures);
    this.prune();
    return failures.count === FREE_FAILURES || (failures.count > FREE_FAILURES && failures.count % ALARM_EVERY === 0);
  }

  failureCount(account: string): number {
    return this.current(account)?.count ?? 0;
  }

  succeeded(account: string): void {
    this.accounts.delete(account);
  }

  private current(account: string): Failures | undefined {
    const failures = this.accounts.get(account);
    if (failures && this.now() - failures.lastAtMs > FORGET_AFTER_MS) {
      this.accounts.delete(account);
      return undefined;
    }
    return failures;
  }

  private prune(): void {
    for (const account of this.accounts.keys()) {
      if (this.accounts.size <= MAX_TRACKED) return;
      this.accounts.delete(account);
    }
  }
}

/** The wait after `count` consecutive failures (count ≥ FREE_FAILURES): 1 s, 2 s, 4 s … at most a minute. */
export function delayAfter(count: number): number {
  const doublings = Math.min(count - FREE_FAILURES, 16);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_DELAY_MS);
}
