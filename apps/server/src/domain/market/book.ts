// What the market rules read: the order book's top levels and the source quotes behind the index.
import type { PriceTicks, QtyLots } from '@tickline/money';

export interface BookLevel {
  price: PriceTicks;
  qty: QtyLots;
}

export interface BookSnapshot {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
}

/** One source's fresh BTCUSDT quote that went into the index. */
export interface IndexQuote {
  source: string;
  price: PriceTicks;
  quotedAtMs: number;
}
