/**
 * Funding countdown (seed 000 §4): counts down to the next funding time on the server's clock, not the browser's.
 * `offset` = server time − local time, measured once from /server/serverTime and again whenever the count reaches 0.
 */
export function remainingMs(fundingTime: number, localNow: number, offset: number): number {
  return Math.max(0, fundingTime - (localNow + offset));
}

/** hh:mm:ss. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Offset from one round trip: the server's stamp is taken as the midpoint of the request. */
export function clockOffset(serverTimestamp: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTimestamp - (sentAt + receivedAt) / 2);
}
