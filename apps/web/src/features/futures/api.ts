import type {
  FuturesHistoryAnswer,
  FuturesMarketAnswer,
  OpenOrdersAnswer,
  PositionRow,
  RegisterOrderAnswer,
  RegisterOrderRequest,
  ServerTime,
  UpdateTpslRequest,
} from '@tickline/protocol';
import { apiData, apiRequest } from '../../api/client.ts';

// Seed 000 §7: the futures calls with the seeds' paths and payloads, plus our market endpoints (PRODUCT.md §2).

export const fetchPositions = () => apiData<PositionRow[]>('GET', '/postion/lookup');
export const fetchOpenOrders = () => apiData<OpenOrdersAnswer>('GET', '/order/waitLookup');
export const fetchOrderHistory = () => apiData<FuturesHistoryAnswer>('GET', '/order/history');

export const registerOrder = (body: RegisterOrderRequest) =>
  apiRequest<RegisterOrderAnswer>('POST', '/order/registerOrder', { body });
export const cancelOrder = (no: number) => apiRequest<null>('POST', '/order/cancel', { body: { no } });
export const updateLeverage = (leverage: number) =>
  apiRequest<null>('POST', '/user/updateLeverage', { body: { leverage } });
export const closePosition = (volume: string) => apiRequest<null>('POST', '/order/closePosition', { body: { volume } });
export const updateTpsl = (body: UpdateTpslRequest) => apiRequest<null>('POST', '/order/updateTpsl', { body });

export const fetchServerTime = () => apiData<ServerTime>('GET', '/server/serverTime', { auth: false });
export const fetchFuturesMarket = () => apiData<FuturesMarketAnswer>('GET', '/market/futures', { auth: false });
export { fetchKlines } from '../../api/market.ts';
