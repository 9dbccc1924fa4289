/**
 * Market data settings, read from the environment. To be folded into the server's main config by the integrator;
 * until then `loadMarketConfig(process.env)` is the one place that reads them.
 */
export type MarketSourceName = 'simulated' | 'binance';

export interface MarketConfig {
  /** MARKET_SOURCES: comma-separated, default `simulated`. The index is the median of their BTCUSDT prices. */
  sources: MarketSourceName[];
  /** MARKET_SEED: seed of the simulated market (any integer). */
  simulatedSeed: number;
  /** BINANCE_REST_URL (spot), BINANCE_FUTURES_REST_URL, BINANCE_WS_URL (futures streams). */
  binanceRestUrl: string;
  binanceFuturesRestUrl: string;
  binanceWsUrl: string;
  /** FUNDING_INTERVAL_MS: default 8 h, at least one minute. */
  fundingIntervalMs: number;
  /** WS_PORT: optional second port for the websocket gateway (the seeds used 9999). */
  wsPort: number | null;
  /** MARKET_BACKFILL: fill an empty candle table with recent history at start (default on). */
  backfillCandles: boolean;
  /** How often index, mark, funding and caches are recomputed. */
  tickIntervalMs: number;
  /** A source quote older than this leaves the index (MARKET_STALE_AFTER_MS). */
  staleAfterMs: number;
  /** Impact notional for the premium index, in whole USDT (MARKET_IMPACT_NOTIONAL_USDT). */
  impactNotionalUsdt: number;
}

const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;
const MIN_FUNDING_INTERVAL_MS = 60_000;

export class MarketConfigError extends Error {}

export function loadMarketConfig(env: NodeJS.ProcessEnv = process.env): MarketConfig {
  const sources = parseSources(env.MARKET_SOURCES ?? 'simulated');
  const fundingIntervalMs = integer(env.FUNDING_INTERVAL_MS, EIGHT_HOURS_MS, 'FUNDING_INTERVAL_MS');
  if (fundingIntervalMs < MIN_FUNDING_INTERVAL_MS) {
    throw new MarketConfigError(`FUNDING_INTERVAL_MS must be at least ${MIN_FUNDING_INTERVAL_MS}`);
  }
  const wsPort = env.WS_PORT ? integer(env.WS_PORT, 0, 'WS_PORT') : null;
  if (wsPort !== null && (wsPort < 1 || wsPort > 65_535)) throw new MarketConfigError('WS_PORT must be a TCP port');
  return {
    sources,
    simulatedSeed: integer(env.MARKET_SEED, 20_241_121, 'MARKET_SEED'),
    binanceRestUrl: url(env.BINANCE_REST_URL ?? 'https://api.binance.com', 'BINANCE_REST_URL'),
    binanceFuturesRestUrl: url(env.BINANCE_FUTURES_REST_URL ?? 'https://fapi.binance.com', 'BINANCE_FUTURES_REST_URL'),
    binanceWsUrl: url(env.BINANCE_WS_URL ?? 'wss://fstream.binance.com', 'BINANCE_WS_URL'),
    fundingIntervalMs,
    wsPort,
    backfillCandles: (env.MARKET_BACKFILL ?? 'true') !== 'false',
    tickIntervalMs: 500,
    staleAfterMs: integer(env.MARKET_STALE_AFTER_MS, 60_000, 'MARKET_STALE_AFTER_MS'),
    impactNotionalUsdt: integer(env.MARKET_IMPACT_NOTIONAL_USDT, 25_000, 'MARKET_IMPACT_NOTIONAL_USDT'),
  };
}

function parseSources(text: string): MarketSourceName[] {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw new MarketConfigError('MARKET_SOURCES names no source');
  for (const name of names) {
    if (name !== 'simulated' && name !== 'binance') {
      throw new MarketConfigError(`MARKET_SOURCES: unknown source "${name}" (simulated, binance)`);
    }
  }
  return names as MarketSourceName[];
}

function integer(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new MarketConfigError(`${name} must be an integer`);
  return value;
}

function url(text: string, name: string): string {
  try {
    return new URL(text).toString().replace(/\/$/, '');
  } catch {
    throw new MarketConfigError(`${name} must be a URL`);
  }
}
