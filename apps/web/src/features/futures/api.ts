import { call, callData, type CallOptions } from '../../api/client.ts';
import { marketField } from './markets/symbols.ts';

// Seed 000 §7: the futures calls by their names in the route table, plus our market endpoints (PRODUCT.md §2).

/** POST /order/registerOrder's body, as the route's schema accepts it. */
export type RegisterOrderRequest = NonNullable<CallOptions<'placeOrder'>['body']>;

export const fetchPositions = () => callData('positions');
export const fetchOpenOrders = () => callData('openOrders');
export const fetchOrderHistory = () => callData('recentOrderHistory');

export const registerOrder = (body: RegisterOrderRequest) => call('placeOrder', { body });
export const cancelOrder = (no: number) => call('cancelOrder', { body: { no } });
// `symbol` (#34): the market acted on; BTCUSDT's calls go out without it, as the seeds send them.
export const updateLeverage = (leverage: number, symbol?: string) =>
  call('updateLeverage', { body: { leverage, ...marketField(symbol) } });
export const closePosition = (volume: string, symbol?: string) =>
  call('closePosition', { body: { volume, ...marketField(symbol) } });
export const updateTpsl = (body: { takeProfit: string | number; stopLoss: string | number }, symbol?: string) =>
  call('updateTpsl', { body: { ...body, ...marketField(symbol) } });

export const fetchServerTime = () => callData('serverTime', { auth: false });
export const fetchFuturesMarket = (symbol?: string) =>
  callData('futuresMarket', { query: marketField(symbol), auth: false });
export { fetchKlines } from '../../api/market.ts';
