// Amounts of the proofs are whole micro-USDT in text (exact at any size): shown as USDT without arithmetic.
import { formatMoney } from '../../lib/format.ts';

/** '1234000005' → '1234.000005' (exact decimal text). */
export function microToDecimal(micro: string): string {
  if (!/^\d+$/.test(micro)) return '';
  const padded = micro.padStart(7, '0');
  return `${padded.slice(0, -6)}.${padded.slice(-6)}`;
}

/** USDT with separators and 2 decimals, rounded down; in bigint, so any sum shows exactly. */
export function formatMicro(micro: string): string {
  if (!/^\d+$/.test(micro)) return '-';
  const amount = BigInt(micro);
  const whole = (amount / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = ((amount % 1_000_000n) / 10_000n).toString().padStart(2, '0'); // rounded down
  return `${whole}.${cents}`;
}

/** A ratio as a percentage with 2 decimals, rounded down ('-' when there is none). */
export function formatRatio(ratio: number | null): string {
  if (ratio === null) return '-';
  return `${formatMoney(String(ratio * 100))}%`;
}

/** The first and last characters of a hash, for narrow screens (the full one is in the title and copyable). */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;
