// Which price and which fee rate the panel's estimate uses for the order as the form stands (#33 item 1): the price
// it will trade at, and whether it takes liquidity (taker fee) or rests (maker fee).
import { PRICE_SCALE, type PriceTicks } from '@tickline/money';
import type { DepthData } from '@tickline/protocol';
import { parseAmountInput } from '../../../../lib/amountInput.ts';
import { ticksOf } from '../../../../lib/units.ts';
import { crossesBook } from '../../calc/orderEstimate.ts';
import { placesLimit, type OrderExtras, type OrderTab } from '../../calc/orderForm.ts';
import type { Side } from '../../calc/orderMaths.ts';

export interface FormState {
  tab: OrderTab;
  extras: OrderExtras;
  /** The limit price typed (or the live last price when the price follows it). */
  price: PriceTicks;
  depth: DepthData | null;
}

const best = (levels: DepthData['a'] | undefined): PriceTicks | null =>
  levels && levels.length > 0 ? ticksOf(Number(levels[0]![0])) : null;

/** The price the order trades at and whether it takes, for `side`. */
export function pricingOf({ tab, extras, price, depth }: FormState, side: Side): { price: PriceTicks; takes: boolean } {
  if (tab === 'market') return { price, takes: true };
  if (tab === 'limit') {
    if (extras.timeInForce === 'IOC' || extras.timeInForce === 'FOK') return { price, takes: true };
    if (extras.timeInForce === 'GTX') return { price, takes: false };
    return { price, takes: crossesBook(side, price, best(depth?.a), best(depth?.b)) };
  }
  if (placesLimit(tab, extras.stopKind)) return { price, takes: false };
  if (extras.stopKind === 'trailingStop') {
    const activation = parseAmountInput(extras.activationText, PRICE_SCALE);
    return { price: activation > 0 ? activation : price, takes: true };
  }
  return { price: parseAmountInput(extras.triggerText, PRICE_SCALE), takes: true };
}
