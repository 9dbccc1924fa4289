import { call, callData } from '../../api/client.ts';

// Seed 001 §7: the option calls by their names in the route table. Symbol 1 is BTCUSDT.

export const BTCUSDT_OPTION_SYMBOL = 1;

export const fetchTopOptionOrders = () => callData('recentOptionOrders');
export const fetchWaitingOptionOrders = () => callData('waitingOptionOrders');
export const fetchOptionHistory = (page: number) => callData('optionHistoryPage', { query: { page } });
/** `volume`: whole USDT as the digits-only field holds it. */
export const registerOptionOrder = (betType: 1 | 2, volume: string) =>
  call('registerOption', { body: { symbol: BTCUSDT_OPTION_SYMBOL, betType, volume } });
