// The percent slider's amount (#28 item 4), from what the panel knows: the balance, the order's price (limit) or the
// book (market), the leverage and the server's rules. The size is the same for Buy/Long and Sell/Short, so it is the
// smaller of the two sides' maxima.
import type { DepthData } from '@tickline/protocol';
import type { PriceTicks, QtyLots } from '@tickline/money';
import { lotsOf, ticksOf } from '../../../lib/units.ts';
import { notionalCapAt, type TradingRules } from '../../rules/serverRules.ts';
import { affordableAgainstBook, affordableQty, percentBudget, type BookLevel } from './maxOrder.ts';
import { availableFor, type FuturesBalance } from './orderMaths.ts';

export interface SliderInput {
  funds: FuturesBalance;
  percent: number;
  /** The limit price, or the last price for a market order. */
  price: PriceTicks;
  /** The book, for a market order (null: a limit order, or no book yet). */
  depth: DepthData | null;
  leverage: number;
  rules: TradingRules;
}

const levelsOf = (side: DepthData['a']): BookLevel[] =>
  side.map(([price, qty]) => ({ price: ticksOf(Number(price)), qty: lotsOf(Number(qty)) }));

export function sliderAmount({ funds, percent, price, depth, leverage, rules }: SliderInput): QtyLots {
  const sizing = {
    takerFeePpm: rules.takerFeePpm,
    lotSize: rules.lotSize,
    maxOrderQty: rules.maxOrderQty,
    notionalCap: notionalCapAt(rules.leverageBrackets, leverage),
  };
  const budget = (side: 1 | 2) => percentBudget(availableFor(funds, side), percent);
  if (!depth)
    return Math.min(
      affordableQty(budget(1), price, leverage, sizing),
      affordableQty(budget(2), price, leverage, sizing),
    );
  // A market buy takes the asks, a sell the bids.
  const buy = affordableAgainstBook(budget(1), levelsOf(depth.a), price, leverage, sizing);
  const sell = affordableAgainstBook(budget(2), levelsOf(depth.b), price, leverage, sizing);
  return Math.min(buy, sell);
}
