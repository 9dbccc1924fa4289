/**
 * Binance's answer shapes made from the engine's integers: every decimal is a string formatted from the integer
 * (prices 0.01, quantities 0.0001 BTC, USDT 0.000001), never computed in floating point. Price × quantity in ticks ×
 * lots is exactly micro-USDT (0.01 × 0.0001 = 0.000001).
 */
import {
  multiplyDivide,
  PRICE_SCALE,
  QTY_SCALE,
  toDecimalString,
  USDT_SCALE,
  type MicroUsdt,
  type PriceTicks,
  type QtyLots,
} from '@tickline/money';
import {
  OrderPath,
  symbolOf,
  tradingFee,
  type OrderState,
  type RatePpm,
  type TradeRecord,
  type UserId,
} from '@tickline/engine';
import { FUTURES_SYMBOL } from '../services/market/catalogue.ts';

export const SYMBOL = FUTURES_SYMBOL;
export const price = (ticks: PriceTicks) => toDecimalString(ticks, PRICE_SCALE);
export const qty = (lots: QtyLots) => toDecimalString(lots, QTY_SCALE);
export const usdt = (amount: MicroUsdt) => toDecimalString(amount, USDT_SCALE);
/** A JSON number the market service formatted from an integer of `scale` decimals, back to its exact text. */
export const decimalOf = (value: number, scale: number) => toDecimalString(Math.round(value * 10 ** scale), scale);

export const sideName = (side: number) => (side === 1 ? 'BUY' : 'SELL');

const TRIGGER_TYPE_NAMES = {
  stop: ['STOP', 'STOP_MARKET'],
  takeProfit: ['TAKE_PROFIT', 'TAKE_PROFIT_MARKET'],
  trailingStop: ['TRAILING_STOP_MARKET', 'TRAILING_STOP_MARKET'],
} as const;

/**
 * Binance's type and origType of a stored order. A trigger order (path 3 fires a limit, 4 a market) is its trigger
 * type while it waits and, as on Binance, LIMIT or MARKET once fired (origType keeps the trigger type). Paths 3/4
 * without a trigger are the engine's own TP/SL and liquidation closes.
 */
function typeNames(order: OrderState): { type: string; origType: string } {
  const firesLimit = order.orderPath === OrderPath.StopLimit;
  if (order.trigger) {
    const origType = TRIGGER_TYPE_NAMES[order.trigger.type][firesLimit ? 0 : 1];
    const fired = order.trigger.firedAtMs !== null;
    return { type: fired ? (firesLimit ? 'LIMIT' : 'MARKET') : origType, origType };
  }
  const type =
    order.orderPath === OrderPath.Limit
      ? 'LIMIT'
      : firesLimit
        ? 'STOP'
        : order.orderPath === OrderPath.StopMarket
          ? 'STOP_MARKET'
          : 'MARKET';
  return { type, origType: type };
}

/**
 * NEW, PARTIALLY_FILLED, FILLED, CANCELED; a market order's unfilled rest that was dropped is EXPIRED, as Binance, and
 * so is a trigger order cancelled when it fired (its order refused then).
 */
function statusName(order: OrderState): string {
  if (order.status === 'filled') return 'FILLED';
  if (order.status === 'open') return order.filledQty > 0 ? 'PARTIALLY_FILLED' : 'NEW';
  if (order.trigger) return order.trigger.firedAtMs === null ? 'CANCELED' : 'EXPIRED';
  return order.orderPath === OrderPath.Limit ? 'CANCELED' : 'EXPIRED';
}

/** A trigger order's Binance fields: stopPrice (a trailing stop's current firing price, 0 before activation), etc. */
function triggerFields(order: OrderState) {
  const trigger = order.trigger;
  if (!trigger) return { stopPrice: '0', workingType: 'CONTRACT_PRICE' };
  return {
    stopPrice: trigger.price === null ? '0' : price(trigger.price),
    workingType: trigger.by === 'mark' ? 'MARK_PRICE' : 'CONTRACT_PRICE',
    ...(trigger.type === 'trailingStop'
      ? {
          activatePrice: trigger.activationPrice === null ? '0' : price(trigger.activationPrice),
          // basis points → Binance's percent, exactly (two decimals of the integer).
          priceRate: toDecimalString(trigger.callbackRateBps ?? 0, 2),
        }
      : {}),
  };
}

/** Quote filled (micro-USDT) and average fill price (ticks, half-even) of an order's trades. */
function fillFigures(orderId: number, trades: readonly TradeRecord[]) {
  let quote = 0;
  let lots = 0;
  for (const trade of trades)
    if (trade.makerOrderId === orderId || trade.takerOrderId === orderId) {
      quote += trade.price * trade.qty;
      lots += trade.qty;
    }
  return { quote, average: lots === 0 ? 0 : multiplyDivide(quote, 1, lots, 'halfEven') };
}

/** GET/POST/DELETE /fapi/v1/order, openOrders, allOrders row. */
export function orderView(order: OrderState, trades: readonly TradeRecord[]) {
  const fills = fillFigures(order.id, trades);
  const { type, origType } = typeNames(order);
  return {
    orderId: order.id,
    symbol: symbolOf(order),
    status: statusName(order),
    clientOrderId: order.clientOrderId ?? `tl-${order.id}`,
    price: order.price === null ? '0' : price(order.price),
    avgPrice: price(fills.average),
    origQty: qty(order.qty),
    executedQty: qty(order.filledQty),
    cumQty: qty(order.filledQty),
    cumQuote: usdt(fills.quote),
    // Not stored on the order (only GTC and GTX rest, a resting GTX as a GTC): a market order is IOC by nature.
    timeInForce: order.orderPath === OrderPath.Market ? 'IOC' : 'GTC',
    type,
    reduceOnly: order.reduceOnly,
    closePosition: false,
    side: sideName(order.side),
    positionSide: 'BOTH',
    ...triggerFields(order),
    priceProtect: false,
    origType,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: order.createdAtMs,
    updateTime: order.updatedAtMs,
  };
}

/** GET /fapi/v1/userTrades row; the fee is the engine's own tradingFee of the fill at the maker or taker rate. */
export function userTradeView(
  trade: TradeRecord,
  userId: UserId,
  fees: { makerFeeRatePpm: RatePpm; takerFeeRatePpm: RatePpm },
) {
  const maker = trade.makerUserId === userId && trade.takerUserId !== userId;
  const quote = trade.price * trade.qty;
  const side = maker ? (trade.takerSide === 1 ? 2 : 1) : trade.takerSide;
  const rate = maker ? fees.makerFeeRatePpm : fees.takerFeeRatePpm;
  return {
    id: trade.id,
    symbol: symbolOf(trade),
    orderId: maker ? trade.makerOrderId : trade.takerOrderId,
    side: sideName(side),
    price: price(trade.price),
    qty: qty(trade.qty),
    quoteQty: usdt(quote),
    commission: usdt(tradingFee(trade.price, trade.qty, rate)),
    commissionAsset: 'USDT',
    realizedPnl: '0',
    positionSide: 'BOTH',
    buyer: side === 1,
    maker,
    time: trade.timeMs,
  };
}

/** GET /fapi/v1/trades row. */
export function publicTradeView(trade: TradeRecord) {
  return {
    id: trade.id,
    price: price(trade.price),
    qty: qty(trade.qty),
    quoteQty: usdt(trade.price * trade.qty),
    time: trade.timeMs,
    isBuyerMaker: trade.takerSide === 2,
  };
}

/** GET /fapi/v1/aggTrades row: each of our trades is its own aggregate (one maker order per fill). */
export function aggTradeView(trade: TradeRecord) {
  return {
    a: trade.id,
    p: price(trade.price),
    q: qty(trade.qty),
    f: trade.id,
    l: trade.id,
    T: trade.timeMs,
    m: trade.takerSide === 2,
  };
}
