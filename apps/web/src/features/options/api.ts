import type { OptionHistoryPage, OptionOrderRow, RegisterOptionAnswer } from '@tickline/protocol';
import { apiData, apiRequest } from '../../api/client.ts';

// Seed 001 §7: the option calls with the seed's paths and payloads. Symbol 1 is BTCUSDT.

export const BTCUSDT_OPTION_SYMBOL = 1;

export const fetchTopOptionOrders = () => apiData<OptionOrderRow[]>('GET', '/optionOrder/top');
export const fetchWaitingOptionOrders = () => apiData<OptionOrderRow[]>('GET', '/optionOrder/waitLookup');
export const fetchOptionHistory = (page: number) =>
  apiData<OptionHistoryPage>('GET', `/optionOrder/lookup?page=${page}`);
/** `volume`: whole USDT as the digits-only field holds it. */
export const registerOptionOrder = (betType: 1 | 2, volume: string) =>
  apiRequest<RegisterOptionAnswer>('POST', '/optionOrder/register', {
    body: { symbol: BTCUSDT_OPTION_SYMBOL, betType, volume },
  });
