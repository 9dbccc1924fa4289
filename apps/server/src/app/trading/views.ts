/**
 * The seeds' answer shapes, built from the engine's integer rows. Money goes out as JSON numbers formatted from the
 * integers (never computed in floating point): USDT with up to 6 decimals, prices 2, BTC sizes 4.
 */
import {
  PRICE_SCALE,
  QTY_SCALE,
  USDT_SCALE,
  multiplyDivide,
  toNumber,
  type MicroUsdt,
  type PriceTicks,
} from '@tickline/money';
import {
  symbolOf,
  type BalanceView,
  type FuturesHistoryEntry,
  type OptionOrderState,
  type OrderState,
  type PositionState,
} from '@tickline/engine';
import type { WalletTransferRecord } from '@tickline/db';
import type { UserBalance } from '@tickline/protocol';
import { BTCUSDT_SYMBOL_ID } from '../../domain/trading-rules.ts';

const BTC_SCALE = 8;

const usdt = (amount: MicroUsdt) => toNumber(amount, USDT_SCALE);
export const price = (ticks: PriceTicks) => toNumber(ticks, PRICE_SCALE);
const qty = (lots: number) => toNumber(lots, QTY_SCALE);
const isoDate = (ms: number) => new Date(ms).toISOString();

/**
 * `/user/balance`. `btc` is the total in BTC at the index price, rounded down to 8 decimals (0 before the first
 * price); `balance` is what the futures wallet can spend now (free of margin and holds).
 */
export function balanceView(balance: BalanceView, indexPrice: PriceTicks | null): UserBalance {
  // micro-USDT / (ticks / 100) = BTC × 10^6 / 100 … in satoshi (10^-8 BTC): micro × 10^4 / ticks.
  const satoshi = indexPrice && indexPrice > 0 ? multiplyDivide(balance.total, 10_000, indexPrice, 'floor') : 0;
  return {
    bsc: usdt(balance.spot),
    usdtm: usdt(balance.futuresTotal),
    usdt: usdt(balance.total),
    btc: toNumber(satoshi, BTC_SCALE),
    balance: usdt(balance.futuresAvailable),
    usingRequiredAmount: usdt(balance.positionMargin),
    longWaitingRequiredAmount: usdt(balance.longOrderHolds),
    shortWaitingRequiredAmount: usdt(balance.shortOrderHolds),
  };
}

/** `/order/waitLookup` row: the unfilled part of a resting order. */
export function openOrderView(order: OrderState) {
  return {
    no: order.id,
    symbol: symbolOf(order),
    position: order.side,
    volume: qty(order.qty - order.filledQty),
    price: order.price === null ? 0 : price(order.price),
    leverage: order.leverage,
    insertDate: isoDate(order.createdAtMs),
    reduceOnly: order.reduceOnly,
    ...(order.trigger ? triggerView(order.trigger, order.orderPath) : {}),
  };
}

/** A trigger order's own fields on its open-order row (#32 item 3); plain orders have none. */
function triggerView(trigger: NonNullable<OrderState['trigger']>, orderPath: OrderState['orderPath']) {
  return {
    orderPath,
    triggerType: trigger.type,
    triggerBy: trigger.by,
    triggerPrice: trigger.price === null ? 0 : price(trigger.price),
    ...(trigger.callbackRateBps === null ? {} : { callbackRate: trigger.callbackRateBps }),
    ...(trigger.type === 'trailingStop'
      ? { activationPrice: trigger.activationPrice === null ? 0 : price(trigger.activationPrice) }
      : {}),
    triggered: trigger.firedAtMs !== null,
  };
}

/**
 * `/postion/lookup` row; an unset take-profit or stop-loss is 0 (the seeds' client treats 0 as "none"). The ADL
 * quantile is added where it is known (the lookup; not the websocket's position pushes).
 */
export function positionView(position: PositionState, adlQuantile: number | null = null) {
  return {
    symbol: symbolOf(position),
    position: position.side,
    volume: qty(position.qty),
    averagePrice: price(position.entryPrice),
    liquidationPrice: price(position.liquidationPrice),
    margin: usdt(position.margin),
    leverage: position.leverage,
    takeProfit: position.takeProfit === null ? 0 : price(position.takeProfit),
    stopLoss: position.stopLoss === null ? 0 : price(position.stopLoss),
    ...(adlQuantile === null ? {} : { adlQuantile }),
  };
}

/** `/order/history` and `/order/lookup` row. */
export function futuresHistoryView(entry: FuturesHistoryEntry) {
  return {
    no: entry.id,
    symbol: symbolOf(entry),
    insertDate: isoDate(entry.timeMs),
    orderPath: entry.orderPath,
    position: entry.position,
    price: price(entry.price),
    closePrice: entry.closePrice === null ? 0 : price(entry.closePrice),
    volume: qty(entry.qty),
    openOrderFee: usdt(entry.openOrderFee),
    closeOrderFee: usdt(entry.closeOrderFee),
    realizedProfit: usdt(entry.realizedProfit),
    status: 'filled' as const,
  };
}

/** `/order/history` row of a limit order cancelled before it filled: its unfilled part, at its price, when cancelled. */
export function cancelledOrderHistoryView(order: OrderState) {
  return {
    no: order.id,
    symbol: symbolOf(order),
    insertDate: isoDate(order.updatedAtMs),
    orderPath: order.orderPath,
    position: order.side,
    price: order.price === null ? 0 : price(order.price),
    closePrice: 0,
    volume: qty(order.qty - order.filledQty),
    openOrderFee: 0,
    closeOrderFee: 0,
    realizedProfit: 0,
    status: 'cancelled' as const,
  };
}

/** Option order row of `/optionOrder/*`; `settleFee` is the settled PnL (0 while waiting). */
export function optionOrderView(order: OptionOrderState) {
  return {
    no: order.id,
    insertDate: isoDate(order.createdAtMs),
    symbol: BTCUSDT_SYMBOL_ID,
    volume: usdt(order.stake),
    openPrice: price(order.openPrice),
    resultPrice: order.resultPrice === null ? 0 : price(order.resultPrice),
    betType: order.betType,
    result: order.result,
    settleFee: usdt(order.settledProfit),
    expireDate: isoDate(order.expireAtMs),
    refunded: order.refunded,
    roundStart: order.roundStartMs,
  };
}

/** `/transfer/lookup` row. */
export function transferView(transfer: WalletTransferRecord) {
  return {
    insertDate: isoDate(transfer.createdAtMs),
    sell: transfer.sell,
    sellAmount: usdt(transfer.sellAmount),
    buy: transfer.buy,
    buyAmount: usdt(transfer.buyAmount),
  };
}
