import { DEFAULT_SYMBOL, type MarketPrices, type MarketSymbol } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { integerArray, textArray } from './pg-array.ts';
import { runStatements, type Statement } from './statements.ts';

// Each market's last prices (#34): the last price tick applied and the last trade's price, advanced by the batch that
// applied them and given back to the engine on restore (EngineSnapshot.markets).

/** A market's last price tick: index and mark (PriceTicks), and when it was applied. */
export interface MarketTick {
  symbol: MarketSymbol;
  lastIndexPrice: number;
  lastMarkPrice: number;
  lastPriceAtMs: number;
}

/** A market's last trade price (what `triggerBy: 'last'` trigger orders watch). */
export interface MarketTradePrice {
  symbol: MarketSymbol;
  lastTradePrice: number;
}

/** Stores the batch's last tick of each market it ticked (each market once). */
export async function saveMarketTicks(db: Queryable, ticks: readonly MarketTick[]): Promise<void> {
  await runStatements(db, marketTickStatements(ticks));
}

/** The statement of `saveMarketTicks` (the sequencer folds it into its batch's commit, #30). */
export function marketTickStatements(ticks: readonly MarketTick[]): Statement[] {
  if (ticks.length === 0) return [];
  const text = `INSERT INTO market_prices (symbol, last_index_price, last_mark_price, last_price_at_ms)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[])
     ON CONFLICT (symbol) DO UPDATE SET last_index_price = excluded.last_index_price,
       last_mark_price = excluded.last_mark_price, last_price_at_ms = excluded.last_price_at_ms`;
  const values = [
    textArray(ticks, (t) => t.symbol),
    integerArray(ticks, (t) => t.lastIndexPrice),
    integerArray(ticks, (t) => t.lastMarkPrice),
    integerArray(ticks, (t) => t.lastPriceAtMs),
  ];
  return [{ text, values }];
}

/** Stores the batch's last trade price of each market it traded (each market once). */
export async function saveMarketTradePrices(db: Queryable, prices: readonly MarketTradePrice[]): Promise<void> {
  await runStatements(db, marketTradePriceStatements(prices));
}

/** The statement of `saveMarketTradePrices` (the sequencer folds it into its batch's commit, #30). */
export function marketTradePriceStatements(prices: readonly MarketTradePrice[]): Statement[] {
  if (prices.length === 0) return [];
  return [
    {
      text: `INSERT INTO market_prices (symbol, last_trade_price) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (symbol) DO UPDATE SET last_trade_price = excluded.last_trade_price`,
      values: [textArray(prices, (p) => p.symbol), integerArray(prices, (p) => p.lastTradePrice)],
    },
  ];
}

/** Every market's stored prices, DEFAULT_SYMBOL's first (the migration stores its row), then by symbol. */
export async function loadMarketPrices(db: Queryable): Promise<MarketPrices[]> {
  const { rows } = await db.query<MarketPrices>(
    `SELECT symbol, last_index_price AS "lastIndexPrice", last_mark_price AS "lastMarkPrice",
       last_price_at_ms AS "lastPriceAtMs", last_trade_price AS "lastTradePrice"
     FROM market_prices ORDER BY symbol <> $1, symbol`,
    [DEFAULT_SYMBOL],
  );
  return rows;
}
