/** `2026-11-25 14:35` or, with `ms`, `2026-11-25 14:35:59.123`: UTC, so anyone anywhere reads the same moment. */
export function formatUtcTime(ms: number, precision: 'minute' | 'ms'): string {
  const iso = new Date(ms).toISOString(); // 2026-11-25T14:35:59.123Z
  return precision === 'minute'
    ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}`
    : `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

export type Move = 'options.historyHigher' | 'options.historyLower' | 'options.historyEq';
export type Verdict = 'audit.won' | 'audit.lost' | 'audit.refunded';

/**
 * What a settled round's result price means for a bet of `side` (1 long, 2 short) opened at `open`: the move in the
 * seed's labels (HIGHER, LOWER, EQ) and whether the bet won. A result of 0 is a round without a price: refunded.
 */
export function roundOutcome(bet: { side: 1 | 2; open: number }, resultPrice: number | null): [Move, Verdict] | null {
  if (resultPrice === null) return null;
  if (resultPrice === 0 || resultPrice === bet.open) return ['options.historyEq', 'audit.refunded'];
  const higher = resultPrice > bet.open;
  return [
    higher ? 'options.historyHigher' : 'options.historyLower',
    higher === (bet.side === 1) ? 'audit.won' : 'audit.lost',
  ];
}
