/**
 * The Binance USDⓈ-M–compatible REST API (#31) on the platform's port: /fapi (and the two /sapi calls ccxt makes),
 * an adapter over the same use cases as /api/v1 with Binance's shapes, errors and signing. Not in the /api/v1 route
 * table (other shapes); each route has its own zod schema, and docs/binance-compatibility.md lists them all.
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { algoOrderRoutes } from './algo-orders.ts';
import { BinanceError, installBinanceErrors } from './errors.ts';
import { marketRoutes } from './market.ts';
import { orderControlRoutes } from './order-controls.ts';
import { orderRoutes } from './orders.ts';
import { registerFapiRoute, type FapiRoute } from './route.ts';
import { sapiRoutes } from './sapi.ts';

export function fapiRouteList(): FapiRoute[] {
  return [
    ...marketRoutes(),
    ...accountRoutes(),
    ...orderRoutes(),
    ...orderControlRoutes(),
    ...algoOrderRoutes(),
    ...sapiRoutes(),
  ];
}

/** Registered once per area: `{prefix: '/fapi'}` and `{prefix: '/sapi'}` (each with Binance's 404). */
export async function fapiRoutes(app: FastifyInstance, options: { prefix: string }): Promise<void> {
  installBinanceErrors(app);
  // Binance's clients send POST/PUT bodies as forms; kept as received for the signature (signing.ts).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = typeof body === 'string' ? body : body.toString('utf8');
    done(null, undefined);
  });
  for (const definition of fapiRouteList())
    if (definition.path.startsWith(`${options.prefix}/`))
      registerFapiRoute(app, { ...definition, path: definition.path.slice(options.prefix.length) });
  app.setNotFoundHandler((request) => {
    throw new BinanceError(-5000, `${request.method} ${request.url.split('?')[0]} is not offered.`, 404);
  });
}

/** The surface the composition root hands to buildApp: this API's REST routes under both of its prefixes. */
export const binanceSurface = { routes: fapiRoutes, prefixes: ['/fapi', '/sapi'] } as const;
