/**
 * The seeds' display rules: money with 2 decimals, BTC sizes with 4, prices with 2, thousands separators.
 * Balances are shown rounded down so the screen never promises more than the ledger holds.
 */
import { PRICE_SCALE, QTY_SCALE, USDT_SCALE, type MicroUsdt, type PriceTicks, type QtyLots } from './arithmetic.ts';
import { formatDecimal, parseDecimal } from './decimal.ts';

export function formatUsdt(amount: MicroUsdt, decimals = 2): string {
  return formatDecimal(amount, USDT_SCALE, { decimals, rounding: 'floor' });
}

export function formatPrice(price: PriceTicks): string {
  return formatDecimal(price, PRICE_SCALE);
}

export function formatQty(qty: QtyLots): string {
  return formatDecimal(qty, QTY_SCALE);
}

export function parseUsdt(input: string | number): MicroUsdt {
  return parseDecimal(input, USDT_SCALE);
}

export function parsePrice(input: string | number): PriceTicks {
  return parseDecimal(input, PRICE_SCALE);
}

export function parseQty(input: string | number): QtyLots {
  return parseDecimal(input, QTY_SCALE);
}
