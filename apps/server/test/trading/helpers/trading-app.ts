import type { ExchangeConfig } from '@tickline/engine';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../helpers/test-app.ts';

export type TradingTestApp = TestApp;

/** The real app on a fresh database with the sequencer-backed trading service wired in as main.ts does. */
export async function createTradingTestApp(
  options: { clock?: TestClock; config?: Partial<ExchangeConfig> } = {},
): Promise<TradingTestApp> {
  return createTestApp({ clock: options.clock ?? createTestClock(), exchangeConfig: options.config });
}

/** A `/order/registerOrder` body for a limit order (seed 000 §7: type 2, priceType and orderPath 1). */
export const limitOrder = (position: 1 | 2, volume: unknown, price: unknown, leverage = 10) => ({
  leverage,
  volume,
  type: 2,
  priceType: 1,
  position,
  orderPath: 1,
  price,
});

/** Rows of the trading tables, for "nothing changed" assertions. */
export const TRADING_TABLES = [
  'user_balances',
  'house_balances',
  'ledger_postings',
  'orders',
  'positions',
  'trades',
  'futures_history',
  'option_orders',
  'wallet_transfers',
  'user_leverage',
  'command_keys',
] as const;
