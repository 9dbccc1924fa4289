import { accountSecurity, chainDeposits, userAdmin, withdrawals, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import { Errors } from '@tickline/protocol';
import type { Clock } from '../../../clock.ts';
import { AppError } from '../../../domain/errors.ts';
import { paginationView } from '../../pagination.ts';
import type { TradingService } from '../../trading/service.ts';
import { operatorWithdrawalView } from '../../wallet/views.ts';

export const USER_PAGE_SIZE = 20;
/** Recent deposits and withdrawals shown on a user's page. */
const RECENT_MOVES = 20;

/** What the directory reads from the trading core: the engine's figures for one user. */
export type UserTradingReads = Pick<TradingService, 'balanceOf' | 'positions' | 'openOrders' | 'waitingOptionOrders'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A row of the search, and the head of a user's page. */
function userView(row: userAdmin.AdminUserRow) {
  return {
    userNo: row.userNo,
    userid: row.userid,
    name: row.name,
    phone: row.phone,
    level: row.level,
    referralCode: row.referralCode,
    bscAddress: row.bscAddress,
    approveStatus: row.approveStatus,
    tradingFrozen: row.tradingFrozenAt !== null,
    withdrawalsFrozen: row.withdrawalsFrozenAt !== null,
    insertDate: row.createdAt.toISOString(),
  };
}

/** The operators' user directory (#16 item 4): search, and one user's whole account on one page. */
export class UserDirectory {
  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly trading: UserTradingReads,
  ) {}

  /** `GET /admin/users?q=&page=`: by number, id (email), name, referral code or deposit address; 20 a page. */
  async search(query: string, page: number) {
    const result = await userAdmin.searchUsers(this.pool, query, page, USER_PAGE_SIZE);
    return { list: result.rows.map(userView), pagination: paginationView(result) };
  }

  /**
   * `GET /admin/users/detail?no=`: balances, the open position and orders and waiting bets (from the engine), recent
   * deposits and withdrawals, KYC, the freezes, live sessions and the referral chain above the user.
   */
  async detail(userNo: number) {
    const user = await userAdmin.findAdminUser(this.pool, userNo);
    if (!user) throw new AppError(Errors.USER_NOT_FOUND);
    const now = new Date(this.clock.now());
    const [balance, positions, orders, optionOrders, deposits, userWithdrawals, sessions, upline] = await Promise.all([
      this.trading.balanceOf(user.userNo),
      this.trading.positions(user.userNo),
      this.trading.openOrders(user.userNo),
      this.trading.waitingOptionOrders(user.userNo),
      chainDeposits.listUserDeposits(this.pool, user.userNo, RECENT_MOVES),
      withdrawals.listUserWithdrawals(this.pool, user.userNo, RECENT_MOVES),
      accountSecurity.liveSessions(this.pool, user.userNo, now),
      userAdmin.upline(this.pool, user.userNo),
    ]);
    return {
      user: {
        ...userView(user),
        kycImage: user.kycImageId ? `/api/v1/admin/kyc/image/${user.userNo}` : null,
        withdrawalsBlockedUntil: iso(user.withdrawalsBlockedUntil),
        totpEnabled: user.totpEnabled,
      },
      freeze: {
        trading: user.tradingFrozenAt !== null,
        tradingSince: iso(user.tradingFrozenAt),
        withdrawals: user.withdrawalsFrozenAt !== null,
        withdrawalsSince: iso(user.withdrawalsFrozenAt),
        reason: user.freezeReason,
      },
      balance,
      positions,
      orders,
      optionOrders,
      deposits: deposits.map((row) => ({
        no: row.id,
        insertDate: row.insertedAt.toISOString(),
        amount: toNumber(row.amount, USDT_SCALE),
        kind: row.kind,
        status: row.status,
        txHash: row.txHash,
      })),
      withdrawals: userWithdrawals.map(operatorWithdrawalView),
      sessions: sessions.map((session) => ({
        id: session.id,
        device: session.userAgent,
        address: session.clientAddress,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
      })),
      upline,
    };
  }
}
