import { add, multiplyDivide, subtract, type MicroUsdt, type PriceTicks } from '@tickline/money';

/** Seed 001 §9: 60 s rounds on the minute. The cut-off and the payout rate are the server's (GET /server/config). */
export const ROUND_MS = 60_000;
/** Seed 001 §4: at 55 s left the balance is refreshed. */
export const BALANCE_REFRESH_AT_MS = 55_000;

export interface RoundClock {
  roundStartMs: number;
  expireAtMs: number;
  /** Whole seconds left, counting down from 60 (ceil: 59.2 s left reads 60 until it is 59). */
  secondsLeft: number;
  /** Fraction of the round gone, in basis points (0–10,000), for the progress bar. */
  elapsedBps: number;
  /** The last `cutoffMs` of the round (the server's rule): the server refuses bets. */
  closed: boolean;
}

export function roundClock(serverNowMs: number, cutoffMs: number): RoundClock {
  const roundStartMs = Math.floor(serverNowMs / ROUND_MS) * ROUND_MS;
  const expireAtMs = roundStartMs + ROUND_MS;
  const leftMs = expireAtMs - serverNowMs;
  return {
    roundStartMs,
    expireAtMs,
    secondsLeft: Math.ceil(leftMs / 1000),
    elapsedBps: Math.floor(((serverNowMs - roundStartMs) * 10_000) / ROUND_MS),
    closed: leftMs <= cutoffMs,
  };
}

/** What a winning stake returns in all (stake + winnings at the server's rate), rounded down like its settlement. */
export function payoutOf(stake: MicroUsdt, payoutRateBps: number): MicroUsdt {
  return add(stake, multiplyDivide(stake, payoutRateBps, 10_000, 'floor'));
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
  payoutRateBps: number,
): { state: LiveState; pnl: MicroUsdt } {
  if (index === bet.openPrice) return { state: 'even', pnl: 0 };
  const up = index > bet.openPrice;
  const wins = bet.betType === 1 ? up : !up;
  return wins
    ? { state: 'winning', pnl: multiplyDivide(bet.stake, payoutRateBps, 10_000, 'floor') }
    : { state: 'losing', pnl: -bet.stake };
}
