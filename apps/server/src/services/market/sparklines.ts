/**
 * Seven days of hourly prices per pair for the markets page's sparklines. Seeded at start from a source's history
 * (the simulated market generates one; Binance's is not read) and kept up by every refresh: the current hour's
 * entry follows the latest price, a new hour starts a new entry, and entries older than the window drop out.
 */
import type { Price8 } from '../../domain/market/units.ts';

export const HOUR_MS = 3_600_000;
export const SPARKLINE_HOURS = 7 * 24;

export interface HourlyClose {
  /** Start of the hour, epoch ms. */
  hourMs: number;
  close: Price8;
}

export class HourlyCloses {
  private readonly byPair = new Map<string, HourlyClose[]>();

  constructor(private readonly hours: number = SPARKLINE_HOURS) {}

  /** Replaces a pair's history (oldest first). */
  load(pair: string, history: readonly HourlyClose[]): void {
    this.byPair.set(pair, history.slice(-(this.hours + 1)));
  }

  observe(pair: string, price: Price8, nowMs: number): void {
    const hourMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
    let entries = this.byPair.get(pair);
    if (!entries) {
      entries = [];
      this.byPair.set(pair, entries);
    }
    const last = entries.at(-1);
    if (last && last.hourMs === hourMs) last.close = price;
    else if (!last || last.hourMs < hourMs) entries.push({ hourMs, close: price });
    // The window: the last `hours` closed hours and the current one.
    while (entries.length > 0 && entries[0]!.hourMs < hourMs - this.hours * HOUR_MS) entries.shift();
  }

  /** Oldest first; empty for a pair never seen. */
  closes(pair: string): readonly HourlyClose[] {
    return this.byPair.get(pair) ?? [];
  }
}
