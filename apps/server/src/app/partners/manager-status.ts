import { optionOrdersOfUsers, partners, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import type {
  ManagerMember,
  ManagerOptionOrder,
  ManagerPartnerAnswer,
  ManagerTradingAnswer,
  PageInfo,
  TierPartner,
} from '@tickline/protocol';
import type { BalanceReader } from '../context.ts';
import { optionOrderView } from '../trading/views.ts';
import { percentOfBps, requirePartner } from './access.ts';
import { kstDay, weekStart } from './days.ts';
import type { PartnerSettlements } from './settlements.ts';
import type { ReferralTree } from './tree.ts';

const usdt = (micro: number) => toNumber(micro, USDT_SCALE);
/** Seed 001 §3 tier lists by level: 6 super, 5 mega, 4 star, 3 premium, 2 influencer. */
const TIERS = [
  ['superUsers', 6],
  ['megaUsers', 5],
  ['starUsers', 4],
  ['premiumUsers', 3],
  ['influencerUsers', 2],
] as const;
export const MEMBERS_PAGE_SIZE = 20;
const TRADING_ROWS = 100;

async function tierPartner(
  pool: Pool,
  settlements: PartnerSettlements,
  tree: ReferralTree,
  id: number,
  weekFrom: string,
): Promise<TierPartner> {
  const user = tree.get(id)!;
  const settled = await partners.settledTotals(pool, id, weekFrom);
  const estimate = settlements.todayEstimate(id);
  return {
    no: user.id,
    name: user.name,
    email: user.userid,
    phone: user.phone,
    level: user.level,
    nowFee: percentOfBps(user.feeRateBps),
    parentsDistributePercent: user.parentsDistributePercent,
    memberCount: tree.downline(id).length,
    todaySettlement: usdt(estimate),
    weekSettlement: usdt(settled.since + estimate),
    totalSettlement: usdt(settled.total + estimate),
  };
}

/** GET /manager/partner: the caller's figures, its three settlements and its downline partners by tier. */
export async function partnerStatus(
  pool: Pool,
  settlements: PartnerSettlements,
  tree: ReferralTree,
  userId: number,
  nowMs: number,
) {
  const me = requirePartner(tree, userId);
  const today = kstDay(nowMs);
  const settled = await partners.settledTotals(pool, me.id, weekStart(today));
  const estimate = settlements.todayEstimate(me.id);
  const downline = tree.downline(me.id);
  const answer = {
    no: me.id,
    level: me.level,
    name: me.name,
    phone: me.phone,
    nowFee: percentOfBps(me.feeRateBps),
    parentsDistributePercent: me.parentsDistributePercent,
    memberCount: downline.length,
    todaySettlement: usdt(estimate),
    weekSettlement: usdt(settled.since + estimate),
    totalSettlement: usdt(settled.total + estimate),
  } as ManagerPartnerAnswer;
  // Each level sees the tiers below its own.
  const weekFrom = weekStart(today);
  for (const [key, level] of TIERS)
    answer[key] =
      level < me.level
        ? await Promise.all(
            downline.filter((u) => u.level === level).map((u) => tierPartner(pool, settlements, tree, u.id, weekFrom)),
          )
        : [];
  return answer;
}

/**
 * GET /manager/members?search=&page=: the caller's downline, searched on the server by name, ID (email), invitation
 * code or number, 20 a page, newest first, with the seed's pagination block.
 */
export async function members(
  tree: ReferralTree,
  balances: BalanceReader,
  userId: number,
  query: { search: string; page: number },
): Promise<{ members: ManagerMember[]; pagination: PageInfo }> {
  const me = requirePartner(tree, userId);
  const needle = query.search.trim().toLowerCase();
  const matching = tree
    .downline(me.id)
    .filter(
      (u) =>
        needle === '' ||
        u.name.toLowerCase().includes(needle) ||
        u.userid.includes(needle) ||
        u.referralCode.toLowerCase() === needle ||
        String(u.id) === needle,
    )
    .sort((a, b) => b.id - a.id);
  const endPage = Math.max(1, Math.ceil(matching.length / MEMBERS_PAGE_SIZE));
  const page = Math.min(query.page, endPage);
  const rows = await Promise.all(
    matching.slice((page - 1) * MEMBERS_PAGE_SIZE, page * MEMBERS_PAGE_SIZE).map(async (u) => {
      const balance = await balances.balanceOf(u.id);
      return {
        no: u.id,
        name: u.name,
        referralCode: u.referralCode,
        email: u.userid,
        usdtm: balance.usdtm,
        bsc: balance.bsc,
        usdt: balance.usdt,
        insertDate: u.createdAt.toISOString(),
        updateDate: u.updatedAt.toISOString(),
      };
    }),
  );
  return {
    members: rows,
    pagination: { curPage: page, endPage, existNextPage: page < endPage, existPrevPage: page > 1 },
  };
}

/** GET /manager/trading: the downline's option orders with who placed them, and their totals. */
export async function trading(
  pool: Pool,
  tree: ReferralTree,
  userId: number,
  search: string,
): Promise<ManagerTradingAnswer> {
  const me = requirePartner(tree, userId);
  const needle = search.trim().toLowerCase();
  const downline = tree
    .downline(me.id)
    .filter(
      (u) =>
        needle === '' || u.name.toLowerCase().includes(needle) || u.userid.includes(needle) || String(u.id) === needle,
    );
  const orders = await optionOrdersOfUsers(
    pool,
    downline.map((u) => u.id),
    TRADING_ROWS,
  );
  let revenue = 0;
  let loss = 0;
  const rows: ManagerOptionOrder[] = orders.map((order) => {
    if (order.settledProfit > 0) revenue += order.settledProfit;
    else loss += order.settledProfit;
    const user = tree.get(order.userId)!;
    const view = optionOrderView(order);
    return { ...view, uid: user.id, userid: user.userid, userName: user.name };
  });
  return {
    totalUserRevenue: usdt(revenue),
    totalUserLoss: usdt(loss),
    totalUserPNL: usdt(revenue + loss),
    optionOrders: rows,
  };
}
