import type { Exchange, ExchangeConfig } from '@tickline/engine';
import { TradingService } from '../../../src/app/trading/service.ts';
import type { Sequencer } from '../../../src/services/sequencer/sequencer.ts';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../helpers/test-app.ts';
import { startSequencer } from './sequencer.ts';

export interface TradingTestApp extends TestApp {
  sequencer: Sequencer<Exchange>;
  trading: TradingService;
}

/**
 * The real app on a fresh database with the sequencer-backed trading service wired in as main.ts does
 * (trading, balances and leverage services).
 */
export async function createTradingTestApp(
  options: { clock?: TestClock; config?: Partial<ExchangeConfig> } = {},
): Promise<TradingTestApp> {
  const clock = options.clock ?? createTestClock();
  const testApp = await createTestApp({ clock });
  const sequencer = await startSequencer(testApp.pool, { clock, config: options.config });
  const trading = new TradingService(sequencer, testApp.pool);
  // createTestApp builds the app before a sequencer can exist on its database, so the services are swapped in here.
  Object.assign(testApp.app.context.services, { trading, balances: trading, leverage: trading });
  return {
    ...testApp,
    sequencer,
    trading,
    async close() {
      await sequencer.stop();
      await testApp.close();
    },
  };
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
