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
import { OrderPath, tradingFee, type OrderState, type RatePpm, type TradeRecord, type UserId } from '@tickline/engine';
import { FUTURES_SYMBOL } from '../services/market/catalogue.ts';

export const SYMBOL = FUTURES_SYMBOL;
export const price = (ticks: PriceTicks) => toDecimalString(ticks, PRICE_SCALE);
export const qty = (lots: QtyLots) => toDecimalString(lots, QTY_SCALE);
export const usdt = (amount: MicroUsdt) => toDecimalString(amount, USDT_SCALE);
/** A JSON number the market service formatted from an integer of `scale` decimals, back to its exact text. */
export const decimalOf = (value: number, scale: number) => toDecimalString(Math.round(value * 10 ** scale), scale);

export const sideName = (side: number) => (side === 1 ? 'BUY' : 'SELL');

/** Binance's order type of our order paths (stop paths exist only as the engine's TP/SL and liquidation closes). */
function typeName(path: number): string {
  if (path === OrderPath.Limit) return 'LIMIT';
  if (path === OrderPath.StopLimit) return 'STOP';
  if (path === OrderPath.StopMarket) return 'STOP_MARKET';
  return 'MARKET';
}

/** NEW, PARTIALLY_FILLED, FILLED, CANCELED; a market order's unfilled rest that was dropped is EXPIRED, as Binance. */
function statusName(order: OrderState): string {
  if (order.status === 'filled') return 'FILLED';
  if (order.status === 'open') return order.filledQty > 0 ? 'PARTIALLY_FILLED' : 'NEW';
  return order.orderPath === OrderPath.Limit ? 'CANCELED' : 'EXPIRED';
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
  const type = typeName(order.orderPath);
  return {
    orderId: order.id,
    symbol: SYMBOL,
    status: statusName(order),
    clientOrderId: order.clientOrderId ?? `tl-${order.id}`,
    price: order.price === null ? '0' : price(order.price),
    avgPrice: price(fills.average),
    origQty: qty(order.qty),
    executedQty: qty(order.filledQty),
    cumQty: qty(order.filledQty),
    cumQuote: usdt(fills.quote),
    timeInForce: 'GTC',
    type,
    reduceOnly: order.reduceOnly,
    closePosition: false,
    side: sideName(order.side),
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: type,
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
    symbol: SYMBOL,
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
