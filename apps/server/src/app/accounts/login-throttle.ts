/**
 * Per-account login throttle, on top of the per-address limit (which many addresses get around): after a few
 * consecutive failures on one account (the policy's `freeFailures`), each further attempt must wait a delay that
 * doubles with every failure, capped at the policy's `maxDelayMs`. Attempts inside the delay are refused without
 * checking the password (a right password then must not be told apart). Kept in memory: one API process holds the
 * writer lock, and a restart forgiving the count costs an attacker a restart.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * Members, and unknown accounts alike (so the answers do not reveal which exist): five free failures, then 1 s
 * doubling to a minute at most, so an attacker can slow the user's own login down by a minute, never lock it.
 */
export const MEMBER_POLICY: ThrottlePolicy = { freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 60_000 };

/**
 * Operators: an operator account moves money and freezes users, so guessing its password is made far slower than a
 * member's: three free failures, then 5 s doubling to 15 minutes (about 100 guesses a day instead of 1,400). The
 * price: a stranger who knows an operator's id can keep that operator waiting up to 15 minutes at a time.
 */
export const OPERATOR_POLICY: ThrottlePolicy = { freeFailures: 3, firstDelayMs: 5_000, maxDelayMs: 15 * 60_000 };
/** A count left alone this long is forgotten. */
const FORGET_AFTER_MS = 60 * 60 * 1000;
/** Accounts tracked at most (beyond, the stalest are forgotten first). */
const MAX_TRACKED = 100_000;
/** The user is told at the policy's freeFailures-th failure and then every ALARM_EVERY failures. */
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
  check(account: string, policy: ThrottlePolicy = MEMBER_POLICY): ThrottleCheck {
    const failures = this.current(account);
    if (!failures || failures.count < policy.freeFailures) return { allowed: true };
    const waitUntilMs = failures.lastAtMs + delayAfter(failures.count, policy);
    const retryAfterMs = waitUntilMs - this.now();
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
  }

  /** Records a failed attempt; answers true when the account's owner should be told. */
  failed(account: string, policy: ThrottlePolicy = MEMBER_POLICY): boolean {
    const failures = this.current(account) ?? { count: 0, lastAtMs: 0 };
    failures.count += 1;
    failures.lastAtMs = this.now();
    // Re-inserted: the map's order is then least recently failed first, which is what pruning drops.
    this.accounts.delete(account);
    this.accounts.set(account, failures);
    this.prune();
    const free = policy.freeFailures;
    return failures.count === free || (failures.count > free && failures.count % ALARM_EVERY === 0);
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

/** The wait after `count` consecutive failures (count ≥ freeFailures): members 1 s, 2 s, 4 s … at most a minute. */
export function delayAfter(count: number, policy: ThrottlePolicy = MEMBER_POLICY): number {
  const doublings = Math.min(count - policy.freeFailures, 16);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}
