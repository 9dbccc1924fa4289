/** The engine's restorable state (re-exported by ../types.ts). */
import type { MicroUsdt, PriceTicks } from '@tickline/money';
import type { MarketSymbol } from '../config.ts';
import type { AccountId } from '../ledger.ts';
import type { UserId } from './commands.ts';
import type { OptionOrderState, OrderState, PositionState } from './rows.ts';

// ---------------------------------------------------------------------------------------------------------------
// Restorable state

export interface EngineSnapshot {
  balances: Array<readonly [AccountId, MicroUsdt]>;
  openOrders: OrderState[];
  positions: PositionState[];
  unsettledOptionOrders: OptionOrderState[];
  /** DEFAULT_SYMBOL's leverages as [user, leverage]; another market's as [user, leverage, symbol] (#34). */
  leverageByUser: Array<readonly [UserId, number] | readonly [UserId, number, MarketSymbol]>;
  nextIds: { order: number; trade: number; history: number; optionOrder: number };
  lastIndexPrice: PriceTicks | null;
  lastMarkPrice: PriceTicks | null;
  /** When the last price tick was applied (its `nowMs`). */
  lastPriceAtMs: number | null;
  /** Every chain deposit credited (a key credits once), reversed or not. */
  deposits: DepositRecord[];
  /** Trigger orders not fired yet (their `trigger.firedAtMs` null), by id; absent in older snapshots. */
  triggerOrders?: OrderState[];
  /** The last trade's price (what `triggerBy: 'last'` watches); absent in older snapshots. */
  lastTradePrice?: PriceTicks | null;
  /**
   * Each market's prices (#34); when present it is the whole truth and the top-level last*Price fields are ignored;
   * absent (older snapshots) = DEFAULT_SYMBOL's prices are the top-level ones.
   */
  markets?: MarketPrices[];
}

/** A market's last prices, as a snapshot keeps them. */
export interface MarketPrices {
  symbol: MarketSymbol;
  lastIndexPrice: PriceTicks | null;
  lastMarkPrice: PriceTicks | null;
  lastPriceAtMs: number | null;
  lastTradePrice: PriceTicks | null;
}

export interface DepositRecord {
  depositKey: string;
  userId: UserId;
  amount: MicroUsdt;
  reversed: boolean;
}
