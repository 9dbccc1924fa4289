import type { UserId } from '@tickline/engine';
import type { TradingContext } from './core.ts';
import { checkOrderRules, requestedMarket, symbolArg, symbolField, symbolOfMarket } from './markets.ts';

/** The caller's leverage in `symbol`'s market (each market has its own; absent: BTCUSDT). */
export async function leverageOf(core: TradingContext, userId: UserId, symbol?: unknown): Promise<number> {
  return (await marketLeverage(core, userId, symbol)).leverage;
}

/** `GET /user/leverage`: the market as the engine names it, and the caller's leverage there. */
export async function marketLeverage(core: TradingContext, userId: UserId, symbol?: unknown) {
  const market = await requestedMarket(core, symbol);
  return { symbol: symbolOfMarket(market), leverage: await core.engine.read('leverage', userId, symbolArg(market)) };
}

/**
 * `/user/updateLeverage`, through the engine: refused while it would make the open position liquidatable; a named
 * market's leverage up to that market's maximum.
 */
export async function setLeverage(
  core: TradingContext,
  userId: UserId,
  leverage: number,
  symbol?: unknown,
): Promise<void> {
  const market = await requestedMarket(core, symbol);
  checkOrderRules(market, { leverage });
  await core.engine.execute({ type: 'setLeverage', userId, leverage, ...symbolField(market) });
}
