import { useEffect, useRef, useState } from 'react';
import { fetchServerTime } from '../futures/api.ts';
import { clockOffset } from '../futures/calc/countdown.ts';
import { BALANCE_REFRESH_AT_MS, roundClock, ROUND_MS, type RoundClock } from './calc/round.ts';
import { useServerRules } from '../rules/useServerRules.ts';

const TICK_MS = 250;

/**
 * The round clock on server time (seed 001 §4): the offset is measured from /server/serverTime on mount and at every
 * round end; `onBalanceDue` runs once a round at 55 s left, `onRoundEnd` once when the countdown passes 0.
 */
export function useRoundClock(handlers: { onBalanceDue(): void; onRoundEnd(): void }): RoundClock {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const seen = useRef({ round: 0, balanceDueFor: 0 });
  // Until the server's rules arrive, the round counts as open: the server refuses a late bet with its own message.
  const cutoffMs = useServerRules()?.option.cutoffMs ?? 0;

  const resync = () => {
    const sentAt = Date.now();
    fetchServerTime().then(
      ({ timestamp }) => setOffset(clockOffset(timestamp, sentAt, Date.now())),
      () => undefined, // seeds §8: lookups fail silently; the last offset stays
    );
  };
  useEffect(resync, []);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const clock = roundClock(now + offset, cutoffMs);
  useEffect(() => {
    const state = seen.current;
    if (state.round !== 0 && clock.roundStartMs !== state.round) {
      resync();
      handlersRef.current.onRoundEnd();
    }
    state.round = clock.roundStartMs;
    if (clock.expireAtMs - (now + offset) <= BALANCE_REFRESH_AT_MS && state.balanceDueFor !== clock.roundStartMs) {
      state.balanceDueFor = clock.roundStartMs;
      if (now + offset - clock.roundStartMs < ROUND_MS) handlersRef.current.onBalanceDue();
    }
  });
  return clock;
}
