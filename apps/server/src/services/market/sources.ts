import { BinanceSource } from './binance-source.ts';
import type { MarketConfig } from './config.ts';
import type { MarketLogger } from './logger.ts';
import { SimulatedSource } from './simulated-source.ts';
import type { PriceSource, SourceQuote } from './types.ts';

/** The configured price sources, simulated first (it is the preferred history for the candle backfill). */
export function createPriceSources(
  config: MarketConfig,
  options: { clock?: () => number; logger?: MarketLogger } = {},
): PriceSource[] {
  const sources: PriceSource[] = [];
  if (config.sources.includes('simulated')) {
    sources.push(
      new SimulatedSource({ seed: config.simulatedSeed, stepIntervalMs: config.tickIntervalMs, ...options }),
    );
  }
  if (config.sources.includes('binance')) {
    sources.push(
      new BinanceSource({
        restUrl: config.binanceRestUrl,
        futuresRestUrl: config.binanceFuturesRestUrl,
        wsUrl: config.binanceWsUrl,
        ...options,
      }),
    );
  }
  return sources;
}

/** The sources' quotes of `pair` no older than `staleAfterMs`, each with its source's name. */
export function freshQuotes(
  sources: readonly PriceSource[],
  pair: string,
  nowMs: number,
  staleAfterMs: number,
): Array<{ source: string; quote: SourceQuote }> {
  const quotes: Array<{ source: string; quote: SourceQuote }> = [];
  for (const source of sources) {
    const quote = source.quote(pair);
    if (quote && nowMs - quote.updatedAtMs <= staleAfterMs) quotes.push({ source: source.name, quote });
  }
  return quotes;
}
