import type { ExchangeConfig } from '@tickline/engine';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../helpers/test-app.ts';

export type TradingTestApp = TestApp;

/** The real app on a fresh database with the sequencer-backed trading service wired in as main.ts does. */
export async function createTradingTestApp(
  options: { clock?: TestClock; config?: Partial<ExchangeConfig> } = {},
): Promise<TradingTestApp> {
  return createTestApp({ clock: options.clock ?? createTestClock(), exchangeConfig: options.config });
}

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
