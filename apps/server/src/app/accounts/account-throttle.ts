import { accountThrottles, type Pool } from '@tickline/db';

/**
 * Per-account throttle, on top of the per-address limits (which many addresses get around), for sign-ins and for
 * second-factor codes: after a few consecutive failures on one account (the policy's `freeFailures`), each further
 * attempt must wait a delay that doubles with every failure, capped at the policy's `maxDelayMs`. Attempts inside the
 * delay are refused without being checked (a right password or code then must not be told apart). The counts live in
 * PostgreSQL, so every API node of a cluster counts the same failures.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export type ThrottleScope = accountThrottles.ThrottleScope;

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
/** A count left alone this long (or the policy's longest wait, if longer) is forgotten. */
const FORGET_AFTER_MS = 60 * 60 * 1000;
/** Counts older than this are deleted from time to time (no policy waits longer: config caps the code lock at a day). */
const DELETE_AFTER_MS = 24 * 60 * 60 * 1000;
const DELETE_EVERY_MS = 60_000;
/** The user is told at the policy's freeFailures-th failure and then every ALARM_EVERY failures. */
const ALARM_EVERY = 25;

export type ThrottleCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

export class AccountThrottle {
  private lastDeleteMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly pool: Pool,
    private readonly now: () => number,
  ) {}

  /** Whether an attempt on this account may be checked now. */
  async check(scope: ThrottleScope, account: string, policy: ThrottlePolicy): Promise<ThrottleCheck> {
    const now = this.now();
    const failures = await accountThrottles.failureCount(this.pool, scope, account, forgetBefore(now, policy));
    if (!failures || failures.failures < policy.freeFailures) return { allowed: true };
    const waitUntilMs = failures.lastFailureAt.getTime() + delayAfter(failures.failures, policy);
    const retryAfterMs = waitUntilMs - now;
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
  }

  /**
   * Records a failed attempt: the count now, and whether the account's owner should be told (at the policy's
   * freeFailures-th failure, when the delays start, and every ALARM_EVERY after).
   */
  async failed(
    scope: ThrottleScope,
    account: string,
    policy: ThrottlePolicy,
  ): Promise<{ count: number; tellOwner: boolean }> {
    const now = this.now();
    const count = await accountThrottles.recordFailure(
      this.pool,
      scope,
      account,
      new Date(now),
      forgetBefore(now, policy),
    );
    if (now - this.lastDeleteMs >= DELETE_EVERY_MS) {
      this.lastDeleteMs = now;
      await accountThrottles.forgetFailures(this.pool, new Date(now - DELETE_AFTER_MS));
    }
    const free = policy.freeFailures;
    return { count, tellOwner: count === free || (count > free && count % ALARM_EVERY === 0) };
  }

  async succeeded(scope: ThrottleScope, account: string): Promise<void> {
    await accountThrottles.clearFailures(this.pool, scope, account);
  }
}

function forgetBefore(nowMs: number, policy: ThrottlePolicy): Date {
  return new Date(nowMs - Math.max(FORGET_AFTER_MS, policy.maxDelayMs));
}

/** The wait after `count` consecutive failures (count ≥ freeFailures): members 1 s, 2 s, 4 s … at most a minute. */
export function delayAfter(count: number, policy: ThrottlePolicy = MEMBER_POLICY): number {
  const doublings = Math.min(count - policy.freeFailures, 16);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** "12 seconds", "1 second": the wait as the refusals state it. */
export function secondsToWait(retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
