/**
 * `GET /fapi/v1/exchangeInfo`: every market the engine runs (#34), BTCUSDT first, each with the filters of its own
 * rules (tick, lot, minimum and maximum quantity, maximum price, minimum notional), so ccxt's fetchMarkets lists them all.
 */
import type { FastifyInstance } from 'fastify';
import { PRICE_SCALE, QTY_SCALE } from '@tickline/money';
import type { MarketRules } from '../app/engine/engine-link.ts';
import { baseAssetOf, marketsOf } from './symbols.ts';
import { price, qty, usdt } from './views.ts';

const ORDER_TYPES = [
  'LIMIT',
  'MARKET',
  'STOP',
  'STOP_MARKET',
  'TAKE_PROFIT',
  'TAKE_PROFIT_MARKET',
  'TRAILING_STOP_MARKET',
];

function symbolInfo(market: MarketRules, maxOpenOrders: number) {
  const lots = { minQty: qty(market.minOrderQty), maxQty: qty(market.maxOrderQty), stepSize: qty(market.lotSizeLots) };
  return {
    symbol: market.symbol,
    pair: market.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: 'TRADING',
    baseAsset: baseAssetOf(market.symbol),
    quoteAsset: 'USDT',
    marginAsset: 'USDT',
    pricePrecision: PRICE_SCALE,
    quantityPrecision: QTY_SCALE,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    settlePlan: 0,
    triggerProtect: '0',
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: price(market.tickSizeTicks),
        maxPrice: price(market.maxPriceTicks),
        tickSize: price(market.tickSizeTicks),
      },
      { filterType: 'LOT_SIZE', ...lots },
      { filterType: 'MARKET_LOT_SIZE', ...lots },
      { filterType: 'MAX_NUM_ORDERS', limit: maxOpenOrders },
      // The market's own minimum (0 = the minimum quantity is the only floor), enforced by the engine (#34).
      { filterType: 'MIN_NOTIONAL', notional: usdt(market.minNotional) },
    ],
    orderTypes: ORDER_TYPES,
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
  };
}

export async function exchangeInfo(app: FastifyInstance) {
  const { exchange, rateLimits } = app.context.config;
  const markets = await marketsOf(app);
  return {
    timezone: 'UTC',
    serverTime: app.context.clock.now(),
    futuresType: 'U_MARGINED',
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: rateLimits.apiKey.max },
      { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: rateLimits.apiKey.max },
    ],
    exchangeFilters: [],
    assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
    symbols: markets.map((market) => symbolInfo(market, exchange.maxOpenOrdersPerUser)),
  };
}
