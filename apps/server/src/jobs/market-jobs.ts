import type { MarketService } from '../services/market/market-service.ts';
import { CANDLE_PERSIST_INTERVAL_MS } from '../services/market/market-service.ts';
import type { Scheduler } from './scheduler.ts';

export const PRICE_TICK_JOB = 'price-tick';
export const CANDLE_PERSIST_JOB = 'candle-persist';

/**
 * Market data clocks: `price-tick` recomputes index, mark, funding estimate and tickers from the sources' latest
 * quotes and publishes the tick the trading jobs forward to the sequencer; `candle-persist` stores changed 1-minute
 * candles. Both are idempotent: a repeated run recomputes the same values and rewrites the same candles.
 */
export function registerMarketJobs(scheduler: Scheduler, market: MarketService, tickIntervalMs: number): void {
  scheduler.register({
    name: PRICE_TICK_JOB,
    schedule: { everyMs: tickIntervalMs },
    quiet: true,
    run: async () => market.tick(),
  });
  scheduler.register({
    name: CANDLE_PERSIST_JOB,
    schedule: { everyMs: CANDLE_PERSIST_INTERVAL_MS },
    quiet: true,
    run: () => market.persistCandles(),
  });
}
