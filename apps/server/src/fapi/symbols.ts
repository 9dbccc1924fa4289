/**
 * The market a /fapi call names (#34), checked against the engine's markets: one it does not run is Binance's -1121
 * "Invalid symbol." (MARKET_UNKNOWN_SYMBOL through BINANCE_CODES), before anything is sent to the engine.
 */
import type { FastifyInstance } from 'fastify';
import { symbolOf, type MarketSymbol } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import type { MarketRules } from '../app/engine/engine-link.ts';
import { AppError } from '../domain/errors.ts';

/** The engine's markets with their rules, BTCUSDT first. */
export const marketsOf = (app: FastifyInstance): Promise<MarketRules[]> => app.context.services.trading.markets();

/** The named market's rules; -1121 when the engine does not run it. */
export async function marketNamed(app: FastifyInstance, symbol: string): Promise<MarketRules> {
  const wanted = symbol.toUpperCase();
  const market = (await marketsOf(app)).find((candidate) => candidate.symbol === wanted);
  if (!market) throw new AppError(Errors.MARKET_UNKNOWN_SYMBOL);
  return market;
}

/** The named market's symbol, or undefined when the call named none (Binance's "every symbol"). */
export async function symbolFilterOf(
  app: FastifyInstance,
  symbol: string | undefined,
): Promise<MarketSymbol | undefined> {
  return symbol === undefined ? undefined : (await marketNamed(app, symbol)).symbol;
}

/** Rows of `symbol`'s market, or all of them when it is undefined. */
export const rowsOfMarket = <T extends { symbol?: MarketSymbol }>(rows: T[], symbol: MarketSymbol | undefined): T[] =>
  symbol === undefined ? rows : rows.filter((row) => symbolOf(row) === symbol);

/** The market's base asset, e.g. ETH of ETHUSDT (every market is quoted in USDT). */
export const baseAssetOf = (symbol: MarketSymbol): string => symbol.replace(/USDT$/, '');
