/**
 * What each command answers when applied, by its type: one result type per command kind, so a caller never picks
 * the type of an answer itself. Each handler is declared with its entry (`CommandResult<CommandResults['fund']>`),
 * so a handler that answers something else does not compile.
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import type { BalanceView, Command, CommandResult, OrderState } from './types.ts';

/** A command of one kind. */
export type CommandOf<K extends Command['type']> = Extract<Command, { type: K }>;

export interface PlaceOrderResult {
  orderId: number;
  status: OrderState['status'];
  filledQty: QtyLots;
}

/** The wallet's figures after a money movement. */
export interface BalanceResult {
  balance: BalanceView;
}

export interface CommandResults {
  fund: BalanceResult;
  transfer: BalanceResult;
  setLeverage: { leverage: number };
  placeOrder: PlaceOrderResult;
  cancelOrder: { orderId: number };
  amendOrder: { orderId: number; price: PriceTicks; qty: QtyLots; priorityKept: boolean };
  adjustMargin: { margin: MicroUsdt; liquidationPrice: PriceTicks };
  closePosition: PlaceOrderResult;
  setTpSl: { takeProfit: PriceTicks | null; stopLoss: PriceTicks | null };
  /** How many positions were liquidated, and how many TP/SL exits fired. */
  priceTick: { liquidated: number; triggered: number };
  settleFunding: { collected: MicroUsdt; liquidated: number };
  placeOptionOrder: { optionOrderId: number; openPrice: PriceTicks; expireAtMs: number };
  settleOptionRound: { roundStartMs: number; resultPrice: PriceTicks | null; settledCount: number };
  /** `credited: false`: the key was credited before; nothing changed. */
  creditDeposit: BalanceResult & { credited: boolean; debtRepaid: MicroUsdt };
  /** `reversed: false`: the key was reversed before; nothing changed. */
  reverseDeposit: BalanceResult & { reversed: boolean; fromWallets: MicroUsdt; debt: MicroUsdt };
  holdWithdrawal: BalanceResult;
  releaseWithdrawal: BalanceResult;
  sendWithdrawal: BalanceResult;
  accruePartnerSettlement: { day: string; amount: MicroUsdt };
  payPartnerSettlement: BalanceResult;
  adjustBalance: BalanceResult;
}

/** The value a command of kind `K` answers when applied. */
export type CommandValue<K extends Command['type']> = CommandResults[K];

/** What the engine answers to a command of kind `K`: its value, or a refusal. */
export type ResultOf<K extends Command['type']> = CommandResult<CommandValue<K>>;
