/**
 * The order request of the trade panel, exactly as seed 000 §7: `type` 2; limit has priceType and orderPath 1,
 * market 2; position 1 long, 2 short. Validation order and messages as seed 000 §5: the amount first, then the price
 * (market orders and Auto Price Marks use the live last price, so only a typed limit price can be missing).
 */
import { PRICE_SCALE, QTY_SCALE, toDecimalString } from '@tickline/money';
import type { RegisterOrderRequest } from '../api.ts';
import { parseAmountInput } from '../../../lib/amountInput.ts';
import type { Side } from './orderMaths.ts';

export type OrderTab = 'limit' | 'market';

export interface OrderFormInput {
  tab: OrderTab;
  side: Side;
  priceText: string;
  amountText: string;
  leverage: number;
}

export type OrderFormResult =
  { ok: true; request: RegisterOrderRequest } | { ok: false; error: 'futures.enterAmount' | 'futures.enterPrice' };

export function buildOrderRequest(input: OrderFormInput): OrderFormResult {
  const qty = parseAmountInput(input.amountText, QTY_SCALE);
  if (qty <= 0) return { ok: false, error: 'futures.enterAmount' };
  const price = parseAmountInput(input.priceText, PRICE_SCALE);
  if (input.tab === 'limit' && price <= 0) return { ok: false, error: 'futures.enterPrice' };
  const path = input.tab === 'limit' ? 1 : 2;
  return {
    ok: true,
    request: {
      leverage: input.leverage,
      volume: toDecimalString(qty, QTY_SCALE),
      type: 2,
      priceType: path,
      position: input.side,
      orderPath: path,
      price: price > 0 ? toDecimalString(price, PRICE_SCALE) : '0',
    },
  };
}
