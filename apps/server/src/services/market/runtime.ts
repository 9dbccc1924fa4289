/** Starts market data for the server: configuration from the environment, the configured sources, the service. */
import type { Queryable } from '@tickline/db';
import { loadMarketConfig, type MarketConfig } from './config.ts';
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
  env?: NodeJS.ProcessEnv;
  logger?: MarketLogger;
}): Promise<RunningMarketData> {
  const config = loadMarketConfig(options.env);
  const service = new MarketService({
    config,
    sources: createPriceSources(config, { logger: options.logger }),
    db: options.db,
    logger: options.logger,
  });
  await service.start();
  return { service, config, stop: () => service.stop() };
}
