import type { Pool } from '@tickline/db';
import type { CommandGateway } from '../engine/command-gateway.ts';
import type { TradingFreezes } from './freezes.ts';

/** What every trading use case works with: the engine (commands and open state) and PostgreSQL (history). */
export interface TradingContext {
  engine: CommandGateway;
  pool: Pool;
  /** Users an operator froze: their new orders and bets are refused. */
  freezes: TradingFreezes;
}

/** How many rows the "recent" lists show, and a history page. */
export const RECENT_LIMIT = 20;
export const HISTORY_PAGE_SIZE = 10;
