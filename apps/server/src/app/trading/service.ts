import type { UserId } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import type { CommandGateway } from '../engine/command-gateway.ts';
import type { BalanceReader } from '../context.ts';
import { cancelAllOrders } from './cancel-all-after.ts';
import { cancelOrder } from './cancel-order.ts';
import { lookupClientOrder } from './client-order-ids.ts';
import { closePosition } from './close-position.ts';
import type { TradingContext } from './core.ts';
import { accruePartnerSettlement } from './partner-accrual.ts';
import { payPartnerSettlement } from './partner-payout.ts';
import { fundDemoUser } from './fund-demo-user.ts';
import { TradingFreezes } from './freezes.ts';
import { futuresHistoryPage, openOrders, positions, recentFuturesHistory } from './futures-lookups.ts';
import { leverageOf, marketLeverage, setLeverage } from './leverage.ts';
import { marketsOf } from './markets.ts';
import { optionHistoryPage, recentOptionOrders, waitingOptionOrders } from './option-lookups.ts';
import { placeOrder, type PlaceOrderInput } from './place-order.ts';
import { adjustPositionMargin, amendOrder, fundingHistoryPage } from './order-controls.ts';
import { registerOption } from './register-option.ts';
import { optionRoundAudit } from './round-audit.ts';
import { riskSnapshot } from './risk-lookups.ts';
import { transfer } from './transfer.ts';
import { updateTpSl } from './update-tpsl.ts';
import { balanceOf, transfers } from './wallet-lookups.ts';

/**
 * The trading use cases behind the HTTP routes, one per file in this folder, bound to the engine's command gateway: what the
 * app's services hold as `trading`. Commands go through the sequencer (answered after commit); open state is read
 * through it too, consistent with the last committed batch; history is read from PostgreSQL, paged.
 */
export class TradingService implements BalanceReader {
  private readonly core: TradingContext;
  /** Users whose trading is frozen; the operators' freeze reloads it after each change. */
  readonly freezes: TradingFreezes;

  /** `historyPool`: where history is read (a read replica on a cluster's API nodes); `pool` otherwise. */
  constructor(engine: CommandGateway, pool: Pool, historyPool: Pool = pool) {
    this.freezes = new TradingFreezes(pool);
    this.core = { engine, pool: historyPool, freezes: this.freezes };
  }

  balanceOf = (userId: UserId) => balanceOf(this.core, userId);
  transfer = (userId: UserId, input: { to?: unknown; amount?: unknown }) => transfer(this.core, userId, input);
  recentTransfers = (userId: UserId, type: number) => transfers(this.core, userId, type, true);
  transfers = (userId: UserId, type: number) => transfers(this.core, userId, type, false);
  fundDemoUser = (userId: UserId, amount: number) => fundDemoUser(this.core, userId, amount);
  accruePartnerSettlement = (day: string, amount: number) => accruePartnerSettlement(this.core, day, amount);
  payPartnerSettlement = (userId: UserId, applicationNo: number, amount: number) =>
    payPartnerSettlement(this.core, userId, applicationNo, amount);

  /** The engine's markets with their order rules (#34), BTCUSDT first. */
  markets = () => marketsOf(this.core);
  leverageOf = (userId: UserId, symbol?: unknown) => leverageOf(this.core, userId, symbol);
  marketLeverage = (userId: UserId, symbol?: unknown) => marketLeverage(this.core, userId, symbol);
  setLeverage = (userId: UserId, leverage: number, symbol?: unknown) =>
    setLeverage(this.core, userId, leverage, symbol);

  placeOrder = (userId: UserId, input: PlaceOrderInput) => placeOrder(this.core, userId, input);
  cancelOrder = (userId: UserId, orderId: number, symbol?: unknown) => cancelOrder(this.core, userId, orderId, symbol);
  amendOrder = (userId: UserId, input: Parameters<typeof amendOrder>[2]) => amendOrder(this.core, userId, input);
  adjustPositionMargin = (userId: UserId, input: Parameters<typeof adjustPositionMargin>[2]) =>
    adjustPositionMargin(this.core, userId, input);
  fundingHistoryPage = (userId: UserId, page: number, symbol?: unknown) =>
    fundingHistoryPage(this.core, userId, page, symbol);
  openOrders = (userId: UserId, symbol?: unknown) => openOrders(this.core, userId, symbol);
  cancelAllOrders = (userId: UserId, symbol?: string) => cancelAllOrders(this.core, userId, symbol);
  lookupClientOrder = (userId: UserId, clientOrderId: unknown) => lookupClientOrder(this.core, userId, clientOrderId);
  positions = (userId: UserId, symbol?: unknown) => positions(this.core, userId, symbol);
  closePosition = (userId: UserId, volume: unknown, clientOrderId?: unknown, symbol?: unknown) =>
    closePosition(this.core, userId, volume, clientOrderId, symbol);
  updateTpSl = (userId: UserId, input: Parameters<typeof updateTpSl>[2]) => updateTpSl(this.core, userId, input);
  recentFuturesHistory = (userId: UserId, symbol?: unknown) => recentFuturesHistory(this.core, userId, symbol);
  futuresHistoryPage = (userId: UserId, page: number, symbol?: unknown) =>
    futuresHistoryPage(this.core, userId, page, symbol);

  registerOption = (
    userId: UserId,
    input: { symbol?: unknown; betType?: unknown; volume?: unknown; clientOrderId?: unknown },
  ) => registerOption(this.core, userId, input);
  recentOptionOrders = (userId: UserId) => recentOptionOrders(this.core, userId);
  waitingOptionOrders = (userId: UserId) => waitingOptionOrders(this.core, userId);
  optionHistoryPage = (userId: UserId, page: number) => optionHistoryPage(this.core, userId, page);
  optionRoundAudit = (roundStart: number, nowMs: number) => optionRoundAudit(this.core, roundStart, nowMs);
  riskSnapshot = () => riskSnapshot(this.core);
}
