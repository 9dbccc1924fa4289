/**
 * The #32 order controls' use cases: the optional registerOrder fields (time in force, reduce-only, TP/SL at entry),
 * amending an order, moving isolated margin and the funding history. The engine decides; this reads the input
 * exactly (decimals never as floats) and names the refusals the engine cannot know (an order no longer open).
 */
import { parsePrice, parseQty, parseUsdt, toNumber, PRICE_SCALE, QTY_SCALE, USDT_SCALE } from '@tickline/money';
import { symbolOf, type Command, type FundingPayment, type TimeInForce, type UserId } from '@tickline/engine';
import { findOrderOfUser, pageFundingPayments } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AmendOrderAnswer, FundingRow, PositionMarginAnswer } from '@tickline/protocol/routes';
import { AppError } from '../../domain/errors.ts';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, type TradingContext } from './core.ts';
import { positiveDecimal, refuse } from './input.ts';
import { checkOrderRules, requestedMarket, symbolField, type RequestedMarket } from './markets.ts';

export interface OrderControlsInput {
  timeInForce?: unknown;
  reduceOnly?: unknown;
  takeProfit?: unknown;
  stopLoss?: unknown;
}

type PlaceOrderControls = Pick<
  Extract<Command, { type: 'placeOrder' }>,
  'timeInForce' | 'reduceOnly' | 'takeProfit' | 'stopLoss'
>;

const TIME_IN_FORCE: ReadonlySet<unknown> = new Set<TimeInForce>(['GTC', 'IOC', 'FOK', 'GTX']);

/** The registerOrder fields of #32, as the engine takes them; absent (or null, or 0 for TP/SL) fields stay absent. */
export function orderControlsOf(input: OrderControlsInput): PlaceOrderControls {
  const controls: PlaceOrderControls = {};
  if (input.timeInForce !== undefined && input.timeInForce !== null) {
    if (!TIME_IN_FORCE.has(input.timeInForce)) refuse('INVALID_TIME_IN_FORCE');
    controls.timeInForce = input.timeInForce as TimeInForce;
  }
  if (input.reduceOnly === true) controls.reduceOnly = true;
  const trigger = (value: unknown) =>
    value === undefined || value === null || value === '' || value === 0 || value === '0'
      ? undefined
      : positiveDecimal(value, parsePrice, 'INVALID_TP_SL');
  const takeProfit = trigger(input.takeProfit);
  const stopLoss = trigger(input.stopLoss);
  if (takeProfit !== undefined) controls.takeProfit = takeProfit;
  if (stopLoss !== undefined) controls.stopLoss = stopLoss;
  return controls;
}

/** `POST /order/amend`: a new price and/or total size for a waiting order, its number kept. */
export async function amendOrder(
  core: TradingContext,
  userId: UserId,
  input: { no: number; price?: unknown; volume?: unknown; symbol?: unknown },
): Promise<AmendOrderAnswer> {
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  const price = given(input.price) ? positiveDecimal(input.price, parsePrice, 'INVALID_PRICE') : undefined;
  const qty = given(input.volume) ? positiveDecimal(input.volume, parseQty, 'INVALID_QUANTITY') : undefined;
  const market = await requestedMarket(core, input.symbol);
  checkOrderRules(market, { ...(price === undefined ? {} : { price }) });
  if (await core.freezes.isFrozen(userId)) refuse('TRADING_FROZEN');
  const command: Extract<Command, { type: 'amendOrder' }> = {
    type: 'amendOrder',
    userId,
    orderId: input.no,
    ...symbolField(market),
  };
  if (price !== undefined) command.price = price;
  if (qty !== undefined) command.qty = qty;
  try {
    const amended = await core.engine.execute(command);
    return {
      no: amended.orderId,
      price: toNumber(amended.price, PRICE_SCALE),
      volume: toNumber(amended.qty, QTY_SCALE),
      priorityKept: amended.priorityKept,
    };
  } catch (error) {
    // The engine knows only open orders: one of the caller's that is filled or cancelled is named as such.
    if (error instanceof AppError && error.code === Errors.ORDER_NOT_FOUND.code) {
      const stored = await findOrderOfUser(core.pool, userId, input.no);
      if (stored && stored.status !== 'open') throw new AppError(Errors.ORDER_NOT_AMENDABLE);
    }
    throw error;
  }
}

/** `POST /position/margin`: USDT into (add) or out of (remove) the position's isolated margin. */
export async function adjustPositionMargin(
  core: TradingContext,
  userId: UserId,
  input: { amount?: unknown; type: 'add' | 'remove'; symbol?: unknown },
): Promise<PositionMarginAnswer> {
  const amount = positiveDecimal(input.amount, parseUsdt, 'INVALID_MARGIN_AMOUNT');
  const market = await requestedMarket(core, input.symbol);
  if (await core.freezes.isFrozen(userId)) refuse('TRADING_FROZEN');
  const command: Command = { type: 'adjustMargin', userId, amount, direction: input.type, ...symbolField(market) };
  const { margin, liquidationPrice } = await core.engine.execute(command);
  return { margin: toNumber(margin, USDT_SCALE), liquidationPrice: toNumber(liquidationPrice, PRICE_SCALE) };
}

/** `GET /funding/lookup?page=N`: the caller's funding settlements, newest first; with a symbol, that market's (#34). */
export async function fundingHistoryPage(core: TradingContext, userId: UserId, page: number, symbol?: unknown) {
  const market: RequestedMarket = await requestedMarket(core, symbol);
  const rows = await pageFundingPayments(core.pool, userId, page, HISTORY_PAGE_SIZE, market?.symbol);
  return { rows: rows.rows.map(fundingRowView), pageInfo: paginationView(rows) };
}

function fundingRowView(payment: FundingPayment): FundingRow {
  return {
    symbol: symbolOf(payment),
    time: new Date(payment.timeMs).toISOString(),
    fundingRate: toNumber(payment.ratePpm, 6),
    position: payment.side,
    volume: toNumber(payment.qty, QTY_SCALE),
    markPrice: toNumber(payment.markPrice, PRICE_SCALE),
    amount: toNumber(payment.amount, USDT_SCALE),
  };
}
