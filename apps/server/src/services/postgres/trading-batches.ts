import {
  DEFAULT_SYMBOL,
  symbolOf,
  type Command,
  type EngineEvent,
  type EngineSnapshot,
  type FundingRateSettlement,
  type MarketSymbol,
  type OptionOrderState,
  type OrderState,
  type Posting,
} from '@tickline/engine';
import {
  alarms as alarmStore,
  chainWatch,
  advanceSequencerStateAndCommit,
  balanceStatements,
  BalanceChanges,
  insertCommandKeys,
  insertFuturesHistory,
  insertFundingPayments,
  insertFundingRates,
  optionRoundStatements,
  insertPostings,
  insertTrades,
  insertWalletTransfers,
  loadBalances,
  loadDeposits,
  loadLeverages,
  loadMarketPrices,
  loadOpenOrders,
  loadPositions,
  loadSequencerState,
  loadUnsettledOptionOrders,
  maxFuturesHistoryId,
  maxOptionOrderId,
  maxOrderId,
  maxTradeId,
  positionStatements,
  leverageStatements,
  optionOrderStatements,
  insertOrders,
  marketTickStatements,
  marketTradePriceStatements,
  updateOrdersStatements,
  type BalanceRow,
  type CommandKeyRecord,
  type LeverageEntry,
  type MarketTick,
  type OptionRoundSettlement,
  type PositionChange,
  type Pool,
  type SequencerState,
  type WalletTransferRecord,
} from '@tickline/db';
import type { FundingPayment, FuturesHistoryEntry, TradeRecord } from '@tickline/engine';
import { describeAutoDeleverage, describeNotice, type NoticeAlarm } from '../../domain/notices.ts';

/**
 * Everything one batch of accepted commands changed, collected in command order and reduced to the rows to write:
 * the latest state of each order / position / option order / leverage, and every new posting, trade and history row.
 */
export class BatchChanges {
  readonly postings: Posting[] = [];
  /** Net change of every balance row the postings touch. */
  readonly balanceChanges = new BalanceChanges();
  readonly events: EngineEvent[] = [];
  readonly orders = new Map<number, OrderState>();
  /** By user and market (`marketKey`). */
  readonly positions = new Map<string, PositionChange>();
  readonly optionOrders = new Map<number, OptionOrderState>();
  /** By user and market (`marketKey`), as the snapshot lists them. */
  readonly leverages = new Map<string, LeverageEntry>();
  readonly trades: TradeRecord[] = [];
  readonly history: FuturesHistoryEntry[] = [];
  /** Each user's funding settlements (#32), for their funding history. */
  readonly fundingPayments: FundingPayment[] = [];
  /** The market's funding settlements, for its funding-rate history. */
  readonly fundingRates: FundingRateSettlement[] = [];
  readonly transfers: WalletTransferRecord[] = [];
  readonly rounds: OptionRoundSettlement[] = [];
  readonly keys: CommandKeyRecord[] = [];
  /** The engine's notices (liquidation, TP/SL, option result) as alarms, stored with the batch and then pushed. */
  readonly alarms: NoticeAlarm[] = [];
  /** Operator alerts (auto-deleveraging), stored with the batch in the operators' alert table. */
  readonly operatorAlerts: Array<{ kind: string; content: string; createdAtMs: number }> = [];
  /** Each ticked market's last tick in the batch: the new last prices to store. */
  readonly ticks = new Map<MarketSymbol, MarketTick>();
  /** Each traded market's last trade price in the batch. */
  readonly tradePrices = new Map<MarketSymbol, number>();

  /** DEFAULT_SYMBOL's new last prices (the sequencer's own state), null when the batch did not tick it. */
  get prices(): Pick<SequencerState, 'lastIndexPrice' | 'lastMarkPrice' | 'lastPriceAtMs'> | null {
    const tick = this.ticks.get(DEFAULT_SYMBOL);
    return tick
      ? { lastIndexPrice: tick.lastIndexPrice, lastMarkPrice: tick.lastMarkPrice, lastPriceAtMs: tick.lastPriceAtMs }
      : null;
  }

  /** Records an accepted command's output and the rows derived from the command itself. */
  add(
    command: Command,
    nowMs: number,
    events: readonly EngineEvent[],
    postings: readonly Posting[],
    key?: string,
    result?: unknown,
  ): void {
    for (const posting of postings) {
      this.postings.push(posting);
      this.balanceChanges.addPosting(posting);
    }
    for (const [index, event] of events.entries()) {
      this.events.push(event);
      switch (event.type) {
        case 'order':
          this.orders.set(event.order.id, event.order);
          break;
        case 'position': {
          // A closed position's event has no row: its market is the event's.
          const symbol = event.symbol ?? symbolOf(event.position ?? {});
          this.positions.set(marketKey(event.userId, symbol), {
            userId: event.userId,
            symbol,
            position: event.position,
          });
          break;
        }
        case 'optionOrder':
          this.optionOrders.set(event.order.id, event.order);
          break;
        case 'leverage': {
          const symbol = symbolOf(event);
          this.leverages.set(
            marketKey(event.userId, symbol),
            symbol === DEFAULT_SYMBOL ? [event.userId, event.leverage] : [event.userId, event.leverage, symbol],
          );
          break;
        }
        case 'trade':
          this.trades.push(event.trade);
          this.tradePrices.set(symbolOf(event.trade), event.trade.price);
          break;
        case 'futuresHistory':
          this.history.push(event.entry);
          break;
        case 'funding':
          this.fundingPayments.push(event.payment);
          break;
        case 'fundingRate':
          this.fundingRates.push(event.settlement);
          break;
        case 'notice':
          this.alarms.push({
            userId: event.userId,
            kind: event.kind,
            content: describeNotice(command, events, index),
            createdAtMs: nowMs,
          });
          break;
        case 'autoDeleverage':
          this.operatorAlerts.push({
            kind: 'auto_deleverage',
            content: describeAutoDeleverage(event),
            createdAtMs: nowMs,
          });
          break;
      }
    }
    if (command.type === 'transfer') {
      const [sell, buy] = command.to === 'futures' ? (['bsc', 'usdtm'] as const) : (['usdtm', 'bsc'] as const);
      this.transfers.push({
        userId: command.userId,
        type: 2,
        sell,
        sellAmount: command.amount,
        buy,
        buyAmount: command.amount,
        createdAtMs: nowMs,
      });
    } else if (command.type === 'settleOptionRound') {
      this.rounds.push({ roundStartMs: command.roundStartMs, resultPrice: command.resultPrice, settledAtMs: nowMs });
    } else if (command.type === 'priceTick') {
      const symbol = symbolOf(command);
      this.ticks.set(symbol, {
        symbol,
        lastIndexPrice: command.indexPrice,
        lastMarkPrice: command.markPrice,
        lastPriceAtMs: nowMs,
      });
    }
    if (key !== undefined) this.keys.push({ key, commandType: command.type, result });
  }

  /** True when nothing needs writing (only rejections and reads). */
  isEmpty(): boolean {
    return (
      this.postings.length === 0 &&
      this.events.length === 0 &&
      this.transfers.length === 0 &&
      this.rounds.length === 0 &&
      this.keys.length === 0 &&
      this.ticks.size === 0
    );
  }
}

/** One user's row in one market (positions, leverages). */
const marketKey = (userId: number, symbol: MarketSymbol) => `${userId} ${symbol}`;

/** The batch's funding-rate settlements by market. */
function bySymbol(settlements: readonly FundingRateSettlement[]): Map<MarketSymbol, FundingRateSettlement[]> {
  const markets = new Map<MarketSymbol, FundingRateSettlement[]>();
  for (const settlement of settlements) {
    const symbol = symbolOf(settlement);
    const ofMarket = markets.get(symbol);
    if (ofMarket) ofMarket.push(settlement);
    else markets.set(symbol, [settlement]);
  }
  return markets;
}

/** What the database holds before a batch, so the batch can append new rows (COPY) and update only known ones. */
export interface StoredSoFar {
  balanceRows: { has(row: BalanceRow): boolean };
  /** Order ids are assigned in increasing order: above this one, an order is new. */
  maxOrderId: number;
}

/** The batch before this one did not commit, so this one (applied on top of it) must not either. */
export class PreviousBatchFailedError extends Error {}

/** The database's last batch is not the one this batch was applied on: another sequencer has written to it. */
export class SequencerFencedError extends Error {}

/**
 * Writes one batch in ONE transaction: balances (as deltas, so the table's CHECK sees every user balance), postings,
 * orders, positions, trades, history, option orders, leverages, transfers, idempotency keys, alarms, each market's
 * last prices and the sequencer's state.
 * Nothing is visible until COMMIT; any failure rolls the whole batch back.
 *
 * `previous` is the commit of the batch before, possibly still under way (it resolves to null once durable, or to
 * its failure). The rows only this batch can have written (new postings, orders, trades, history, transfers, keys)
 * go in while the previous batch is still being written, on another connection: PostgreSQL then works on two
 * batches at once. Everything the previous batch may have written too (balances, orders it created, positions,
 * option orders, leverage, the state row) waits until it is durable, and so does COMMIT; if it failed, this batch
 * rolls back with PreviousBatchFailedError.
 */
export async function writeBatch(
  pool: Pool,
  batchId: number,
  changes: BatchChanges,
  stored: StoredSoFar,
  previous: Promise<unknown> | null = null,
) {
  const client = await pool.connect();
  try {
    // A hung database must not stall the sequencer forever: the batch fails and state is rebuilt. Every statement
    // touches rows by primary key, so index lookups per row are the plan; left to itself the planner switches to
    // merge or hash joins over whole tables once a batch holds a few thousand rows, which grows with the tables.
    await client.query(
      "BEGIN; SET LOCAL statement_timeout = '15s'; SET LOCAL enable_mergejoin = off; SET LOCAL enable_hashjoin = off",
    );
    const orders = [...changes.orders.values()];
    await insertPostings(client, batchId, changes.postings);
    await insertOrders(
      client,
      orders.filter((order) => order.id > stored.maxOrderId),
    );
    await insertTrades(client, changes.trades);
    await insertFuturesHistory(client, changes.history);
    await insertFundingPayments(client, changes.fundingPayments);
    for (const [symbol, settlements] of bySymbol(changes.fundingRates))
      await insertFundingRates(client, symbol, settlements);
    await insertWalletTransfers(client, changes.transfers);
    await insertCommandKeys(client, batchId, changes.keys);
    await alarmStore.insertAlarms(
      client,
      changes.alarms.map((alarm) => ({
        userId: alarm.userId,
        content: alarm.content,
        createdAt: new Date(alarm.createdAtMs),
      })),
    );
    for (const alert of changes.operatorAlerts)
      await chainWatch.insertChainAlert(client, alert.kind, alert.content, new Date(alert.createdAtMs));

    // Built before waiting for the previous batch (nothing in them depends on it): after the wait, only one round trip.
    const rest = [
      ...balanceStatements(changes.balanceChanges, stored.balanceRows),
      ...updateOrdersStatements(orders.filter((order) => order.id <= stored.maxOrderId)),
      ...positionStatements([...changes.positions.values()]),
      ...optionOrderStatements([...changes.optionOrders.values()]),
      ...optionRoundStatements(changes.rounds),
      ...leverageStatements([...changes.leverages.values()]),
      ...marketTickStatements([...changes.ticks.values()]),
      ...marketTradePriceStatements(
        [...changes.tradePrices].map(([symbol, lastTradePrice]) => ({ symbol, lastTradePrice })),
      ),
    ];
    if (previous && (await previous) !== null) throw new PreviousBatchFailedError('the previous batch failed');
    // What the previous batch may have written too (balances, orders it created, positions, option orders,
    // leverages, prices), the fencing step and COMMIT: one simple-protocol message, one round trip (#30). A failing
    // statement (a negative balance's CHECK, a row not stored) skips the rest of the message, COMMIT included.
    // The batch id is the fencing token: the state row moves only from the batch this one was applied on. Its
    // writer lock lost, a sequencer whose database another one has written to since can then never commit over it.
    if (!(await advanceSequencerStateAndCommit(client, batchId, rest)))
      throw new SequencerFencedError(`batch ${batchId - 1} is no longer the last one stored: another sequencer wrote`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface RestoredState {
  snapshot: EngineSnapshot;
  state: SequencerState;
}

/** Reads everything the engine needs to continue where the last committed batch left it. */
export async function loadEngineState(pool: Pool): Promise<RestoredState> {
  const client = await pool.connect();
  try {
    // One snapshot of the database: every read sees the same committed batches.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const state = await loadSequencerState(client);
    // Open rows: resting orders, and trigger orders still waiting for their price (#32 item 3).
    const open = await loadOpenOrders(client);
    const waiting = (order: OrderState) => order.trigger !== undefined && order.trigger.firedAtMs === null;
    // A fired trigger order's arrivalId came from the order counter without an order row of its own.
    const arrivalIds = open.map((order) => order.trigger?.arrivalId ?? 0);
    // Every market's prices (#34); the top-level fields are DEFAULT_SYMBOL's, for an engine that reads only those.
    const markets = await loadMarketPrices(client);
    const defaultMarket = markets.find((market) => market.symbol === DEFAULT_SYMBOL);
    const snapshot: EngineSnapshot = {
      balances: await loadBalances(client),
      openOrders: open.filter((order) => !waiting(order)),
      triggerOrders: open.filter(waiting),
      lastTradePrice: defaultMarket?.lastTradePrice ?? null,
      positions: await loadPositions(client),
      unsettledOptionOrders: await loadUnsettledOptionOrders(client),
      leverageByUser: await loadLeverages(client),
      nextIds: {
        order: Math.max(await maxOrderId(client), ...arrivalIds) + 1,
        trade: (await maxTradeId(client)) + 1,
        history: (await maxFuturesHistoryId(client)) + 1,
        optionOrder: (await maxOptionOrderId(client)) + 1,
      },
      lastIndexPrice: state.lastIndexPrice,
      lastMarkPrice: state.lastMarkPrice,
      lastPriceAtMs: state.lastPriceAtMs,
      deposits: await loadDeposits(client),
      markets,
    };
    await client.query('COMMIT');
    return { snapshot, state };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
