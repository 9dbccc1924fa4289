import { call } from '../../../../api/client.ts';

/** POST /order/amend with the price only: the size stays (the server keeps the total when volume is absent). */
export const amendOrderPrice = (no: number, price: string) => call('amendOrder', { body: { no, price } });
