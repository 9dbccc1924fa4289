import { PRICE_SCALE, QTY_SCALE, toDecimalString, type PriceTicks, type QtyLots } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { call } from '../../../../api/client.ts';
import { registerOrder } from '../../api.ts';
import { marketField } from '../../markets/symbols.ts';

// The positions table's calls of #33 item 4 (the seeds' ones stay in ../../api.ts).

export const adjustMargin = (type: 'add' | 'remove', amount: string, symbol?: string) =>
  call('positionMargin', { body: { type, amount, ...marketField(symbol) } });

/**
 * Reverse: ONE market order of twice the size to the other side (docs/decisions.md "Reverse is one order"): the
 * engine closes the position and opens the rest opposite in the same fill, or refuses the whole order, so the user is
 * never left flat halfway as a close followed by a second order could leave them.
 */
export const reversePosition = (position: PositionRow, volume: QtyLots) =>
  registerOrder({
    leverage: position.leverage,
    volume: toDecimalString(volume * 2, QTY_SCALE),
    type: 2,
    priceType: 2,
    position: position.position === 1 ? 2 : 1,
    orderPath: 2,
    price: '0',
    ...marketField(position.symbol),
  });

/** Close at a price: a reduce-only limit order on the other side, so it can only shrink the position, never flip it. */
export const limitClose = (position: PositionRow, price: PriceTicks, volume: QtyLots) =>
  registerOrder({
    leverage: position.leverage,
    volume: toDecimalString(volume, QTY_SCALE),
    type: 2,
    priceType: 1,
    position: position.position === 1 ? 2 : 1,
    orderPath: 1,
    price: toDecimalString(price, PRICE_SCALE),
    reduceOnly: true,
    ...marketField(position.symbol),
  });
