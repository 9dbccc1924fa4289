/**
 * The order request of the trade panel, exactly as seed 000 §7: `type` 2; limit has priceType and orderPath 1,
 * market 2; position 1 long, 2 short. Validation order and messages as seed 000 §5: the amount first, then the price
 * (market orders and Auto Price Marks use the live last price, so only a typed limit price can be missing).
 * #33 item 1 adds, after the seeds' checks, the trigger orders, time in force, reduce-only and TP/SL at entry (the
 * fields of /order/registerOrder); a field left at its default is not sent, so a seed order is the seed's request.
 */
import { PRICE_SCALE, QTY_SCALE, toDecimalString } from '@tickline/money';
import type { RegisterOrderRequest } from '../api.ts';
import { parseAmountInput } from '../../../lib/amountInput.ts';
import type { Side } from './orderMaths.ts';

export type OrderTab = 'limit' | 'market' | 'stop';
export type StopKind = 'stopLimit' | 'stopMarket' | 'takeProfitLimit' | 'takeProfitMarket' | 'trailingStop';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'GTX';
export const STOP_KINDS: readonly StopKind[] = [
  'stopLimit',
  'stopMarket',
  'takeProfitLimit',
  'takeProfitMarket',
  'trailingStop',
];
/** The server's callback rate bounds, in basis points (0.1 % … 10 %). */
export const CALLBACK_BPS = { min: 10, max: 1000 } as const;

/** The controls beyond the seeds' form; every one defaults to what the seeds' order does. */
export interface OrderExtras {
  stopKind: StopKind;
  triggerText: string;
  triggerBy: 'mark' | 'last';
  /** Percent with up to 2 decimals (1.5 = 150 basis points). */
  callbackText: string;
  activationText: string;
  timeInForce: TimeInForce;
  reduceOnly: boolean;
  tpsl: boolean;
  takeProfitText: string;
  stopLossText: string;
}

export const DEFAULT_EXTRAS: OrderExtras = {
  stopKind: 'stopLimit',
  triggerText: '',
  triggerBy: 'mark',
  callbackText: '1',
  activationText: '',
  timeInForce: 'GTC',
  reduceOnly: false,
  tpsl: false,
  takeProfitText: '',
  stopLossText: '',
};

export interface OrderFormInput {
  tab: OrderTab;
  side: Side;
  priceText: string;
  amountText: string;
  leverage: number;
  extras?: OrderExtras;
}

export type OrderFormError =
  | 'futures.enterAmount'
  | 'futures.enterPrice'
  | 'futures.form.enterTrigger'
  | 'futures.form.callbackRange'
  | 'futures.form.enterTpSl';

export type OrderFormResult = { ok: true; request: RegisterOrderRequest } | { ok: false; error: OrderFormError };

/** Whether the order (as the form stands) is placed as a limit order: a limit, stop-limit or take-profit limit. */
export function placesLimit(tab: OrderTab, kind: StopKind): boolean {
  return tab === 'limit' || (tab === 'stop' && (kind === 'stopLimit' || kind === 'takeProfitLimit'));
}

const priceOf = (text: string) => parseAmountInput(text, PRICE_SCALE);
const decimalPrice = (ticks: number) => toDecimalString(ticks, PRICE_SCALE);

export function buildOrderRequest(input: OrderFormInput): OrderFormResult {
  const extras = input.extras ?? DEFAULT_EXTRAS;
  const qty = parseAmountInput(input.amountText, QTY_SCALE);
  if (qty <= 0) return { ok: false, error: 'futures.enterAmount' };
  const price = priceOf(input.priceText);
  const isLimit = placesLimit(input.tab, extras.stopKind);
  if (isLimit && price <= 0) return { ok: false, error: 'futures.enterPrice' };
  const path = isLimit ? 1 : 2;
  const request: RegisterOrderRequest = {
    leverage: input.leverage,
    volume: toDecimalString(qty, QTY_SCALE),
    type: 2,
    priceType: path,
    position: input.side,
    orderPath: path,
    price: price > 0 ? decimalPrice(price) : '0',
  };
  if (input.tab === 'stop') {
    const trigger = triggerFields(extras);
    if ('error' in trigger) return { ok: false, error: trigger.error };
    Object.assign(request, trigger);
  } else {
    // A trigger order enters as GTC and carries no TP/SL (the server refuses them), so these are limit/market only.
    if (input.tab === 'limit' && extras.timeInForce !== 'GTC') request.timeInForce = extras.timeInForce;
    if (extras.tpsl) {
      const takeProfit = priceOf(extras.takeProfitText);
      const stopLoss = priceOf(extras.stopLossText);
      if (takeProfit <= 0 && stopLoss <= 0) return { ok: false, error: 'futures.form.enterTpSl' };
      if (takeProfit > 0) request.takeProfit = decimalPrice(takeProfit);
      if (stopLoss > 0) request.stopLoss = decimalPrice(stopLoss);
    }
  }
  if (extras.reduceOnly) request.reduceOnly = true;
  return { ok: true, request };
}

type TriggerFields = Pick<
  RegisterOrderRequest,
  'triggerType' | 'triggerBy' | 'triggerPrice' | 'callbackRate' | 'activationPrice'
>;

function triggerFields(extras: OrderExtras): TriggerFields | { error: OrderFormError } {
  if (extras.stopKind === 'trailingStop') {
    const bps = parseAmountInput(extras.callbackText, 2);
    if (bps < CALLBACK_BPS.min || bps > CALLBACK_BPS.max) return { error: 'futures.form.callbackRange' };
    const activation = priceOf(extras.activationText);
    return {
      triggerType: 'trailingStop',
      triggerBy: extras.triggerBy,
      callbackRate: bps,
      ...(activation > 0 ? { activationPrice: decimalPrice(activation) } : {}),
    };
  }
  const trigger = priceOf(extras.triggerText);
  if (trigger <= 0) return { error: 'futures.form.enterTrigger' };
  const takeProfit = extras.stopKind === 'takeProfitLimit' || extras.stopKind === 'takeProfitMarket';
  return {
    triggerType: takeProfit ? 'takeProfit' : 'stop',
    triggerBy: extras.triggerBy,
    triggerPrice: decimalPrice(trigger),
  };
}
