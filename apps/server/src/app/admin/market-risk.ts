import { marketRisk, type Pool } from '@tickline/db';
import type { PositionState } from '@tickline/engine';
import { multiplyDivide, PRICE_SCALE, QTY_SCALE, toNumber, USDT_SCALE, type PriceTicks } from '@tickline/money';
import type { Clock } from '../../clock.ts';
import { paginationView } from '../pagination.ts';
import { kstDay, kstDayBounds } from '../partners/days.ts';
import type { TradingService } from '../trading/service.ts';

export const ROUND_PAGE_SIZE = 30;
export const LARGEST_POSITIONS = 20;
const DAY_MS = 24 * 3600 * 1000;
/** Days are Korean calendar days, as the partners' settlements. */
const TIME_ZONE = 'Asia/Seoul';
/** Liquidation distance in basis points of the mark: 2 decimals of a percent. */
const PERCENT_SCALE = 2;

const usdt = (micro: number) => toNumber(micro, USDT_SCALE);
const price = (ticks: number | null) => (ticks === null ? null : toNumber(ticks, PRICE_SCALE));
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * How far the mark may move against a position before it is liquidated, in basis points of the mark (rounded toward
 * the liquidation, so the panel never shows more room than there is); negative when already beyond it (the engine
 * retries the liquidation on every tick while the book cannot take it).
 */
export function liquidationDistanceBps(position: PositionState, mark: PriceTicks): number {
  const room = position.side === 1 ? mark - position.liquidationPrice : position.liquidationPrice - mark;
  return multiplyDivide(room, 10_000, mark, 'floor');
}

/** The operators' market and risk panel (#16 item 5), read-only. */
export class MarketRisk {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly trading: Pick<TradingService, 'riskSnapshot'>,
  ) {}

  /** `GET /admin/market/rounds?page=`: settled rounds, newest first, with their ticks and the house's result. */
  async rounds(page: number) {
    const result = await marketRisk.settledRounds(this.pool, page, ROUND_PAGE_SIZE);
    return {
      list: result.rows.map((row) => ({
        roundStart: row.roundStartMs,
        roundStartDate: iso(row.roundStartMs),
        resultPrice: price(row.resultPrice),
        settledAt: iso(row.settledAtMs),
        ticksRecorded: row.ticksRecorded,
        open:
          row.openPrice === null
            ? null
            : { price: price(row.openPrice), at: iso(row.openAtMs), sources: row.openSourceCount },
        close:
          row.closePrice === null
            ? null
            : { price: price(row.closePrice), at: iso(row.closeAtMs), sources: row.closeSourceCount },
        bets: row.bets,
        refundedBets: row.refundedBets,
        stakes: usdt(row.stakes),
        stakesLost: usdt(row.stakesLost),
        winningsPaid: usdt(row.winningsPaid),
        housePnl: usdt(row.stakesLost - row.winningsPaid),
      })),
      pagination: paginationView({ rows: result.rows, page, pageSize: ROUND_PAGE_SIZE, totalRows: result.totalRows }),
    };
  }

  /** The last `days` KST days, today first: [from, to). */
  private window(days: number): { from: Date; to: Date } {
    const to = kstDayBounds(kstDay(this.clock.now())).to;
    return { from: new Date(to.getTime() - days * DAY_MS), to };
  }

  /** `GET /admin/market/revenue?days=`: platform revenue per day by source, from the ledger. */
  async revenue(days: number) {
    const { from, to } = this.window(days);
    const rows = await marketRisk.revenueByDay(this.pool, from, to, TIME_ZONE);
    const sum = (pick: (row: marketRisk.RevenueDay) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const view = (futuresFees: number, optionHousePnl: number, withdrawalFees: number) => ({
      futuresFees: usdt(futuresFees),
      optionHousePnl: usdt(optionHousePnl),
      withdrawalFees: usdt(withdrawalFees),
      total: usdt(futuresFees + optionHousePnl + withdrawalFees),
    });
    return {
      days: rows.map((row) => ({ day: row.day, ...view(row.futuresFees, row.optionHousePnl, row.withdrawalFees) })),
      total: view(
        sum((row) => row.futuresFees),
        sum((row) => row.optionHousePnl),
        sum((row) => row.withdrawalFees),
      ),
    };
  }

  /** `GET /admin/market/insurance?days=`: the insurance fund's balance now and its movements per day. */
  async insurance(days: number) {
    const { from, to } = this.window(days);
    const [snapshot, rows] = await Promise.all([
      this.trading.riskSnapshot(),
      marketRisk.insuranceByDay(this.pool, from, to, TIME_ZONE),
    ]);
    return {
      balance: usdt(snapshot.insuranceFund),
      optionPool: usdt(snapshot.optionPool),
      days: rows.map((row) => ({
        day: row.day,
        paidIn: usdt(row.paidIn),
        paidOut: usdt(row.paidOut),
        refilled: usdt(row.refilled),
        net: usdt(row.paidIn + row.refilled - row.paidOut),
      })),
    };
  }

  /**
   * `GET /admin/market/positions`: open interest (longs and shorts net to the same size in a one-way market) and the
   * largest positions by notional at the mark, with how far each is from liquidation.
   */
  async positions() {
    const snapshot = await this.trading.riskSnapshot();
    const mark = snapshot.markPrice;
    const notional = (position: PositionState) => (mark ?? position.entryPrice) * position.qty;
    const longs = snapshot.positions.filter((position) => position.side === 1);
    const shorts = snapshot.positions.filter((position) => position.side === 2);
    const lots = (positions: PositionState[]) => positions.reduce((total, position) => total + position.qty, 0);
    const largest = [...snapshot.positions]
      .sort((a, b) => notional(b) - notional(a) || a.userId - b.userId)
      .slice(0, LARGEST_POSITIONS);
    const userids = await marketRisk.useridsOf(
      this.pool,
      largest.map((position) => position.userId),
    );
    return {
      markPrice: price(mark),
      indexPrice: price(snapshot.indexPrice),
      openInterest: {
        positions: snapshot.positions.length,
        longs: longs.length,
        shorts: shorts.length,
        longVolume: toNumber(lots(longs), QTY_SCALE),
        shortVolume: toNumber(lots(shorts), QTY_SCALE),
        // At the mark (none before the first one): ticks × lots is exactly micro-USDT.
        notional: mark === null ? null : usdt(lots(longs) * mark),
      },
      largest: largest.map((position) => {
        const sign = position.side === 1 ? 1 : -1;
        return {
          userNo: position.userId,
          userid: userids.get(position.userId) ?? null,
          position: position.side,
          volume: toNumber(position.qty, QTY_SCALE),
          entryPrice: price(position.entryPrice),
          liquidationPrice: price(position.liquidationPrice),
          leverage: position.leverage,
          margin: usdt(position.margin),
          notional: usdt(notional(position)),
          unrealizedPnl: mark === null ? null : usdt(sign * (mark - position.entryPrice) * position.qty),
          liquidationDistancePercent:
            mark === null ? null : toNumber(liquidationDistanceBps(position, mark), PERCENT_SCALE),
        };
      }),
    };
  }
}
