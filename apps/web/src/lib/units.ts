/**
 * The API sends money as JSON numbers formatted from integers (prices 2 decimals, sizes 4, USDT up to 6); these
 * read them back into integers of the named scale, exactly (the shortest decimal form of such a number is the
 * decimal the server wrote). Anything unreadable is 0.
 */
import {
  DecimalParseError,
  parsePrice,
  parseQty,
  parseUsdt,
  type MicroUsdt,
  type PriceTicks,
  type QtyLots,
} from '@tickline/money';

function reader(parse: (input: number) => number) {
  return (value: number | null | undefined): number => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
    try {
      return value < 0 ? -parse(-value) : parse(value);
    } catch (error) {
      if (error instanceof DecimalParseError) return 0;
      throw error;
    }
  };
}

export const ticksOf: (price: number | null | undefined) => PriceTicks = reader(parsePrice);
export const lotsOf: (qty: number | null | undefined) => QtyLots = reader(parseQty);
export const microsOf: (usdt: number | null | undefined) => MicroUsdt = reader(parseUsdt);
