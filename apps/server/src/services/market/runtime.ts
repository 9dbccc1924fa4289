/** Starts market data for the server: the configured sources and the service. */
import type { Queryable } from '@tickline/db';
import type { MarketConfig } from './config.ts';
import type { MarketLogger } from './logger.ts';
import { MarketService } from './market-service.ts';
import { createPriceSources } from './sources.ts';

export interface RunningMarketData {
  service: MarketService;
  config: MarketConfig;
  stop(): Promise<void>;
}

export async function startMarketData(options: {
  db: Queryable;
  config: MarketConfig;
  logger?: MarketLogger;
}): Promise<RunningMarketData> {
  const { config } = options;
  const service = new MarketService({
    config,
    markets: config.futures,
    sources: createPriceSources(config, { logger: options.logger }),
    db: options.db,
    logger: options.logger,
  });
  await service.start();
  return { service, config, stop: () => service.stop() };
}
