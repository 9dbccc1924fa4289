import { call, callData, type CallOptions } from '../../api/client.ts';

// Seed 000 §7: the futures calls by their names in the route table, plus our market endpoints (PRODUCT.md §2).

/** POST /order/registerOrder's body, as the route's schema accepts it. */
export type RegisterOrderRequest = NonNullable<CallOptions<'placeOrder'>['body']>;

export const fetchPositions = () => callData('positions');
export const fetchOpenOrders = () => callData('openOrders');
export const fetchOrderHistory = () => callData('recentOrderHistory');

export const registerOrder = (body: RegisterOrderRequest) => call('placeOrder', { body });
export const cancelOrder = (no: number) => call('cancelOrder', { body: { no } });
export const updateLeverage = (leverage: number) => call('updateLeverage', { body: { leverage } });
export const closePosition = (volume: string) => call('closePosition', { body: { volume } });
export const updateTpsl = (body: { takeProfit: string | number; stopLoss: string | number }) =>
  call('updateTpsl', { body });

export const fetchServerTime = () => callData('serverTime', { auth: false });
export const fetchFuturesMarket = () => callData('futuresMarket', { auth: false });
export { fetchKlines } from '../../api/market.ts';
