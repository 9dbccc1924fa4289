import { inTransaction, partners, type Pool } from '@tickline/db';
import { parseUsdt, toNumber, USDT_SCALE, DecimalParseError } from '@tickline/money';
import {
  Errors,
  type ManagerSettlementAnswer,
  type SettlementLookupRow,
  type WithdrawSettlementRow,
} from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import type { BalanceReader } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { percentOfBps, requirePartner } from './access.ts';
import type { PartnerSettlements } from './settlements.ts';
import type { ReferralTree } from './tree.ts';

const usdt = (micro: number) => toNumber(micro, USDT_SCALE);
const LOOKUP_ROWS = 90;

/** GET /manager/settlement: settled, applied, the downline's chain flows and balances, received, today's estimate. */
export async function settlementSummary(
  pool: Pool,
  settlements: PartnerSettlements,
  balances: BalanceReader,
  tree: ReferralTree,
  userId: number,
): Promise<ManagerSettlementAnswer> {
  const me = requirePartner(tree, userId);
  const downline = tree.downline(me.id).map((u) => u.id);
  const [settled, applied, flows, downlineBalances] = await Promise.all([
    partners.settledTotals(pool, me.id, '9999-12-31'),
    partners.appliedTotals(pool, me.id),
    partners.chainFlowsOf(pool, downline),
    Promise.all(downline.map((id) => balances.balanceOf(id))),
  ]);
  const balanceMicro = downlineBalances.reduce((sum, b) => sum + parseUsdt(b.usdt), 0);
  return {
    settlement: usdt(settled.total),
    withdrawSettlement: usdt(applied.applied),
    belowUserCompleteDeposits: usdt(flows.deposits),
    belowUserCompleteWithdraws: usdt(flows.withdrawals),
    belowUserBalance: usdt(balanceMicro),
    receive: usdt(applied.received),
    todaySettlement: usdt(settlements.todayEstimate(me.id)),
  };
}

/** GET /manager/settlementLookup: the caller's settled days, newest first. */
export async function settlementLookup(pool: Pool, tree: ReferralTree, userId: number): Promise<SettlementLookupRow[]> {
  const me = requirePartner(tree, userId);
  return (await partners.partnerDays(pool, me.id, LOOKUP_ROWS)).map((row) => ({
    day: row.day,
    nowFee: percentOfBps(row.rateBps),
    settlement: usdt(row.settlement),
  }));
}

/** GET /manager/withdrawSettlementLookup: the caller's applications, newest first. */
export async function withdrawSettlementLookup(
  pool: Pool,
  tree: ReferralTree,
  userId: number,
): Promise<WithdrawSettlementRow[]> {
  const me = requirePartner(tree, userId);
  return (await partners.partnerSettlementWithdrawals(pool, me.id, LOOKUP_ROWS)).map((row) => ({
    no: row.no,
    insertDate: row.insertedAt.toISOString(),
    status: row.status,
    settlement: usdt(row.amount),
  }));
}

function parseSettlement(input: unknown): number {
  if (input === undefined || input === null || input === '') throw new AppError(Errors.SETTLEMENT_AMOUNT_INVALID);
  try {
    const micro = parseUsdt(typeof input === 'number' || typeof input === 'string' ? input : Number.NaN);
    if (micro <= 0) throw new AppError(Errors.SETTLEMENT_AMOUNT_INVALID);
    return micro;
  } catch (error) {
    if (error instanceof DecimalParseError) throw new AppError(Errors.SETTLEMENT_AMOUNT_INVALID);
    throw error;
  }
}

/**
 * POST /manager/registerWithdrawSettlement {settlement}: an application for at most the withdrawable settlement
 * (settled − already applied), checked and written under the partner's row lock so two applications cannot both
 * take the same money. An operator approves it (which pays it to the spot wallet through the ledger).
 */
export async function registerWithdrawSettlement(
  pool: Pool,
  clock: Clock,
  tree: ReferralTree,
  userId: number,
  input: unknown,
) {
  const me = requirePartner(tree, userId);
  const amount = parseSettlement(input);
  return inTransaction(pool, async (db) => {
    await partners.lockPartner(db, me.id);
    const [settled, applied] = await Promise.all([
      partners.settledTotals(db, me.id, '9999-12-31'),
      partners.appliedTotals(db, me.id),
    ]);
    if (amount > settled.total - applied.applied) throw new AppError(Errors.SETTLEMENT_ABOVE_WITHDRAWABLE);
    const row = await partners.insertSettlementWithdrawal(db, me.id, amount, new Date(clock.now()));
    return { no: row.no };
  });
}
