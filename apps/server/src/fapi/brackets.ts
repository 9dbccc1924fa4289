/**
 * `/fapi/v1/leverageBracket`: each market's leverage brackets (#34) in Binance's shape, from the engine's bracket
 * rows (the same table `/market/leverageBrackets` and the engine read). Binance caps the last bracket; ours is
 * unbounded, so its cap is the largest order's notional (the highest quantity at the highest price).
 */
import { z } from 'zod';
import { bracketRows, type MarketConfig } from '@tickline/engine';
import { multiply, toNumber } from '@tickline/money';
import { route, type FapiRoute } from './route.ts';
import { symbolFilterOf } from './symbols.ts';
import { usdt } from './views.ts';

const RATE_DECIMALS = 6;

function marketBrackets(market: MarketConfig) {
  const largestOrder = multiply(market.maxOrderQty, market.maxPriceTicks);
  return {
    symbol: market.symbol,
    brackets: bracketRows(market.maintenanceTiers, market.maxLeverage).map((row) => ({
      bracket: row.bracket,
      initialLeverage: row.initialLeverage,
      notionalCap: Number(usdt(row.notionalCap ?? largestOrder)),
      notionalFloor: Number(usdt(row.notionalFloor)),
      maintMarginRatio: toNumber(row.maintMarginRatioPpm, RATE_DECIMALS),
      cum: Number(usdt(row.cum)),
    })),
  };
}

/** Every market's brackets, or the named one's (-1121 for a market the engine does not run). */
export function leverageBracketRoute(): FapiRoute {
  return route({
    security: 'signed',
    permission: 'read',
    method: 'GET',
    path: '/fapi/v1/leverageBracket',
    weight: 1,
    schema: z.looseObject({ symbol: z.string().optional() }),
    handler: async ({ app, params }) => {
      const symbol = await symbolFilterOf(app, params.symbol);
      return app.context.config.exchange.markets
        .filter((market) => symbol === undefined || market.symbol === symbol)
        .map(marketBrackets);
    },
  });
}
