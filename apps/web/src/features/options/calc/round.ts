import { add, multiplyDivide, subtract, type MicroUsdt, type PriceTicks } from '@tickline/money';

/** Seed 001 §9 and the engine's option config: 60 s rounds on the minute, no bets in the last 5 s. */
export const ROUND_MS = 60_000;
export const CUTOFF_MS = 5_000;
/** Seed 001 §4: at 55 s left the balance is refreshed. */
export const BALANCE_REFRESH_AT_MS = 55_000;
/** A win pays the stake back plus 95 % of it (stake × 1.95), rounded down like the engine's settlement. */
export const PAYOUT_RATE_BPS = 9_500;

export interface RoundClock {
  roundStartMs: number;
  expireAtMs: number;
  /** Whole seconds left, counting down from 60 (ceil: 59.2 s left reads 60 until it is 59). */
  secondsLeft: number;
  /** Fraction of the round gone, in basis points (0–10,000), for the progress bar. */
  elapsedBps: number;
  /** The last CUTOFF_MS: the server refuses bets. */
  closed: boolean;
}

export function roundClock(serverNowMs: number): RoundClock {
  const roundStartMs = Math.floor(serverNowMs / ROUND_MS) * ROUND_MS;
  const expireAtMs = roundStartMs + ROUND_MS;
  const leftMs = expireAtMs - serverNowMs;
  return {
    roundStartMs,
    expireAtMs,
    secondsLeft: Math.ceil(leftMs / 1000),
    elapsedBps: Math.floor(((serverNowMs - roundStartMs) * 10_000) / ROUND_MS),
    closed: leftMs <= CUTOFF_MS,
  };
}

/** What a winning stake returns in all (stake + winnings). */
export function payoutOf(stake: MicroUsdt): MicroUsdt {
  return add(stake, multiplyDivide(stake, PAYOUT_RATE_BPS, 10_000, 'floor'));
}

export interface BalanceFigures {
  usdtm: MicroUsdt;
  using: MicroUsdt;
  longWaiting: MicroUsdt;
  shortWaiting: MicroUsdt;
}

/**
 * Seed 001 §5: available USDT Futures = futures balance − in use − the waiting amount of the current position's side,
 * or the larger of the two waiting amounts without a position. Never below 0.
 */
export function availableFutures(balance: BalanceFigures, positionSide: 1 | 2 | null): MicroUsdt {
  const waiting =
    positionSide === 1
      ? balance.longWaiting
      : positionSide === 2
        ? balance.shortWaiting
        : Math.max(balance.longWaiting, balance.shortWaiting);
  return Math.max(0, subtract(subtract(balance.usdtm, balance.using), waiting));
}

export type LiveState = 'winning' | 'losing' | 'even';

/**
 * How an open bet stands against the live index: a long wins above its open price, a short below, equal refunds.
 * `pnl` is what settling now would add (winnings) or take (the stake).
 */
export function liveOutcome(
  bet: { betType: 1 | 2; openPrice: PriceTicks; stake: MicroUsdt },
  index: PriceTicks,
): { state: LiveState; pnl: MicroUsdt } {
  if (index === bet.openPrice) return { state: 'even', pnl: 0 };
  const up = index > bet.openPrice;
  const wins = bet.betType === 1 ? up : !up;
  return wins
    ? { state: 'winning', pnl: multiplyDivide(bet.stake, PAYOUT_RATE_BPS, 10_000, 'floor') }
    : { state: 'losing', pnl: -bet.stake };
}
