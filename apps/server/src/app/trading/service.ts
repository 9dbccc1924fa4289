import { DecimalParseError, USDT_SCALE, parsePrice, parseQty, parseUsdt } from '@tickline/money';
import type { Command, CommandResult, Exchange, Side, UserId, Wallet } from '@tickline/engine';
import { listWalletTransfers, pageFuturesHistory, pageOptionOrders, recentOptionOrders, type Pool } from '@tickline/db';
import { Errors, type ErrorDefinition, type ErrorName, type UserBalance } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { BTCUSDT_SYMBOL_ID, isValidLeverage } from '../../domain/trading-rules.ts';
import type { BalanceReader } from '../context.ts';
import { paginationView } from '../pagination.ts';
import { DUPLICATE_COMMAND, SequencerUnavailableError, type Sequencer } from '../../services/sequencer/sequencer.ts';
import {
  balanceView,
  futuresHistoryView,
  openOrderView,
  optionOrderView,
  positionView,
  transferView,
} from './views.ts';

export const HISTORY_PAGE_SIZE = 10;
const RECENT_LIMIT = 20;
const TRANSFER_LIST_LIMIT = 100;
/** `/transfer/*?type=2`: spot ↔ futures, the only transfer type so far. */
export const FUTURES_TRANSFER_TYPE = 2;
const WHOLE_USDT = 10 ** USDT_SCALE;

export interface PlaceOrderInput {
  leverage: number;
  volume?: unknown;
  position: number;
  orderPath: number;
  priceType?: number | undefined;
  type?: number | undefined;
  price?: unknown;
}

/** A refusal named in the catalogue. */
function refuse(name: ErrorName, message?: string): never {
  throw new AppError(Errors[name], message === undefined ? {} : { message });
}

/**
 * Decimal text as an API sends it: digits with an optional fraction. No spaces, signs, exponents or thousands
 * separators (parseDecimal reads "1,000" as a thousand, which a user writing a decimal comma means as one).
 */
const PLAIN_DECIMAL_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Parses a decimal field with `parse`, answering `failure` for junk, negatives and excess precision. */
function nonNegativeDecimal(value: unknown, parse: (input: string | number) => number, failure: ErrorName): number {
  if (typeof value !== 'string' && typeof value !== 'number') refuse(failure);
  if (typeof value === 'string' && !PLAIN_DECIMAL_TEXT.test(value)) refuse(failure);
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof DecimalParseError) refuse(failure);
    throw error;
  }
}

/** As nonNegativeDecimal, and zero answers `failure` too. */
function positiveDecimal(value: unknown, parse: (input: string | number) => number, failure: ErrorName): number {
  const parsed = nonNegativeDecimal(value, parse, failure);
  if (parsed <= 0) refuse(failure);
  return parsed;
}

/**
 * The trading use cases behind the HTTP routes. Commands go through the sequencer (answered after commit); open
 * state (balances, open orders, positions, waiting option orders) is read through the sequencer too, so it is
 * consistent with the last committed batch; history is read from PostgreSQL, paged.
 */
export class TradingService implements BalanceReader {
  constructor(
    private readonly sequencer: Sequencer<Exchange>,
    private readonly pool: Pool,
  ) {}

  /** Submits a command and turns a refusal into its catalogue error. */
  private async execute<T>(command: Command, options: { idempotencyKey?: string } = {}): Promise<T> {
    let result: CommandResult<T>;
    try {
      result = await this.sequencer.submit<T>(command, options);
    } catch (error) {
      if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
      throw error;
    }
    if (result.ok) return result.value;
    const definition = (Errors as Record<string, ErrorDefinition | undefined>)[result.reason];
    if (!definition) throw new Error(`engine refusal ${result.reason} is not in the error catalogue`);
    throw new AppError(definition);
  }

  private read<T>(read: (engine: Exchange) => T): Promise<T> {
    return this.sequencer.read(read).catch((error: unknown) => {
      if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
      throw error;
    });
  }

  // ---- Wallets ---------------------------------------------------------------------------------------------------

  async balanceOf(userId: UserId): Promise<UserBalance> {
    return this.read((engine) => balanceView(engine.balances(userId), engine.indexPrice));
  }

  /** `/transfer/registerFutures`: `to` names the receiving wallet as the seeds do ('bsc' spot, 'usdtm' futures). */
  async transfer(userId: UserId, input: { to?: unknown; amount?: unknown }): Promise<void> {
    const wallets: Record<string, Wallet> = { bsc: 'spot', usdtm: 'futures' };
    const to = typeof input.to === 'string' ? wallets[input.to] : undefined;
    if (!to) refuse('INVALID_WALLET');
    const amount = positiveDecimal(input.amount, parseUsdt, 'INVALID_AMOUNT');
    await this.execute({ type: 'transfer', userId, to, amount });
  }

  async recentTransfers(userId: UserId, type: number) {
    const rows = await listWalletTransfers(this.pool, userId, type, RECENT_LIMIT);
    return rows.map(transferView);
  }

  async transfers(userId: UserId, type: number) {
    const rows = await listWalletTransfers(this.pool, userId, type, TRANSFER_LIST_LIMIT);
    return rows.map(transferView);
  }

  /**
   * Demo balances: `amount` into each wallet from the treasury, once per user and wallet ever (idempotency key),
   * as ledger postings — never by editing a balance.
   */
  async fundDemoUser(userId: UserId, amount: number): Promise<void> {
    for (const wallet of ['spot', 'futures'] as const) {
      const result = await this.sequencer.submit(
        { type: 'fund', userId, wallet, amount, reason: 'demo' },
        { idempotencyKey: `demo-fund:${userId}:${wallet}` },
      );
      if (!result.ok && result.reason !== DUPLICATE_COMMAND)
        throw new Error(`demo funding of user ${userId} refused: ${result.reason}`);
    }
  }

  // ---- Leverage --------------------------------------------------------------------------------------------------

  async leverageOf(userId: UserId): Promise<number> {
    return this.read((engine) => engine.leverage(userId));
  }

  /** Through the engine: refused while it would make the open position liquidatable. */
  async setLeverage(userId: UserId, leverage: number): Promise<void> {
    await this.execute({ type: 'setLeverage', userId, leverage });
  }

  // ---- Futures ---------------------------------------------------------------------------------------------------

  /**
   * `/order/registerOrder`. In one-way isolated mode leverage belongs to the user, not the order: the request's
   * leverage must equal the user's current one (the seeds' leverage dialog saves it with /user/updateLeverage before
   * any order). Changing it here first would leave the change behind when the order is then refused.
   */
  async placeOrder(userId: UserId, input: PlaceOrderInput): Promise<{ no: number }> {
    const side = input.position;
    if (side !== 1 && side !== 2) refuse('INVALID_ORDER_TYPE', 'position must be 1 (long) or 2 (short).');
    const orderPath = input.orderPath;
    if (orderPath !== 1 && orderPath !== 2) refuse('INVALID_ORDER_TYPE', 'orderPath must be 1 (limit) or 2 (market).');
    if (input.priceType !== undefined && input.priceType !== orderPath)
      refuse('INVALID_ORDER_TYPE', 'priceType must equal orderPath (1 limit, 2 market).');
    if (input.type !== undefined && input.type !== 2) refuse('INVALID_ORDER_TYPE', 'type must be 2.');
    const leverage = input.leverage;
    if (!isValidLeverage(leverage)) refuse('INVALID_LEVERAGE');
    const qty = positiveDecimal(input.volume, parseQty, 'INVALID_QUANTITY');
    const price = orderPath === 1 ? positiveDecimal(input.price, parsePrice, 'INVALID_PRICE') : null;

    const current = await this.leverageOf(userId);
    if (current !== leverage)
      refuse('INVALID_LEVERAGE', `Your leverage is ${current}×: change it with the leverage dialog first, then order.`);
    const placed = await this.execute<{ orderId: number }>({
      type: 'placeOrder',
      userId,
      side: side as Side,
      orderPath,
      price,
      qty,
      leverage, // checked again where it is applied: a change queued since the check above refuses the order
    });
    return { no: placed.orderId };
  }

  async cancelOrder(userId: UserId, orderId: number): Promise<void> {
    await this.execute({ type: 'cancelOrder', userId, orderId });
  }

  async openOrders(userId: UserId) {
    return this.read((engine) => engine.openOrders(userId).map(openOrderView));
  }

  async positions(userId: UserId) {
    return this.read((engine) => {
      const position = engine.position(userId);
      return position ? [positionView(position)] : [];
    });
  }

  async closePosition(userId: UserId, volume: unknown): Promise<void> {
    const qty = positiveDecimal(volume, parseQty, 'INVALID_QUANTITY');
    await this.execute({ type: 'closePosition', userId, qty });
  }

  /** Missing, null, empty or zero ("0.00", as the position shows an unset one) clears that trigger. */
  async updateTpSl(userId: UserId, input: { takeProfit?: unknown; stopLoss?: unknown }): Promise<void> {
    const trigger = (value: unknown) =>
      value === undefined || value === null || value === ''
        ? null
        : nonNegativeDecimal(value, parsePrice, 'INVALID_TP_SL') || null;
    await this.execute({
      type: 'setTpSl',
      userId,
      takeProfit: trigger(input.takeProfit),
      stopLoss: trigger(input.stopLoss),
    });
  }

  async recentFuturesHistory(userId: UserId) {
    const page = await pageFuturesHistory(this.pool, userId, 1, RECENT_LIMIT);
    return page.rows.map(futuresHistoryView);
  }

  async futuresHistoryPage(userId: UserId, pageNumber: number) {
    const page = await pageFuturesHistory(this.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
    return { orders: page.rows.map(futuresHistoryView), pageInfo: paginationView(page) };
  }

  // ---- Options ---------------------------------------------------------------------------------------------------

  /** `/optionOrder/register`: a whole-USDT stake from the futures wallet on BTCUSDT (symbol 1). */
  async registerOption(userId: UserId, input: { symbol?: unknown; betType?: unknown; volume?: unknown }) {
    if (input.symbol !== BTCUSDT_SYMBOL_ID && input.symbol !== String(BTCUSDT_SYMBOL_ID))
      refuse('VALIDATION_FAILED', `symbol must be ${BTCUSDT_SYMBOL_ID} (BTCUSDT).`);
    const betType = input.betType;
    if (betType !== 1 && betType !== 2) refuse('OPTION_INVALID_BET_TYPE');
    const stake = positiveDecimal(input.volume, parseUsdt, 'OPTION_INVALID_STAKE');
    if (stake % WHOLE_USDT !== 0) refuse('OPTION_INVALID_STAKE');
    const placed = await this.execute<{ optionOrderId: number }>({ type: 'placeOptionOrder', userId, betType, stake });
    return { no: placed.optionOrderId };
  }

  async recentOptionOrders(userId: UserId) {
    return (await recentOptionOrders(this.pool, userId, RECENT_LIMIT)).map(optionOrderView);
  }

  async waitingOptionOrders(userId: UserId) {
    return this.read((engine) => engine.optionOrders(userId).map(optionOrderView));
  }

  async optionHistoryPage(userId: UserId, pageNumber: number) {
    const page = await pageOptionOrders(this.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
    return { list: page.rows.map(optionOrderView), pagination: paginationView(page) };
  }
}
