// The /order/registerOrder fields of #32 (time in force, reduce-only, TP/SL at entry), apart from the routes in
// order-controls.ts so that futures.ts can take them without an import cycle.
import { z } from 'zod';
import { Errors } from '../errors/index.ts';
import { checkedLater } from './fields.ts';

const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'GTX'] as const;

/** Optional on /order/registerOrder; absent, an order behaves as before (GTC, not reduce-only, no TP/SL). */
export const orderControlFields = {
  timeInForce: z
    .custom<(typeof TIME_IN_FORCE)[number]>((value) => TIME_IN_FORCE.includes(value as never), {
      error: 'timeInForce must be GTC, IOC, FOK or GTX',
      params: { failure: Errors.INVALID_TIME_IN_FORCE },
    })
    .optional()
    .meta({
      type: 'string',
      enum: [...TIME_IN_FORCE],
      description:
        'Limit orders: GTC (default) rests; IOC fills what it can and cancels the rest; FOK fills whole or is refused; ' +
        'GTX (post-only) is refused if it would fill at once. Market orders: IOC only.',
    }),
  reduceOnly: z
    .boolean({ error: 'reduceOnly must be true or false' })
    .optional()
    .meta({ description: 'Never opens or grows the position; cut to the position, trimmed as it shrinks.' }),
  takeProfit: checkedLater(
    'Take-profit price set on the position when the order fills (above the order price for a buy).',
  ),
  stopLoss: checkedLater('Stop-loss price set on the position when the order fills (below the order price for a buy).'),
};

export const ORDER_CONTROL_ERRORS = [
  'INVALID_TIME_IN_FORCE',
  'POST_ONLY_WOULD_TAKE',
  'FOK_NOT_FILLED',
  'REDUCE_ONLY_NO_POSITION',
  'REDUCE_ONLY_WRONG_SIDE',
  'INVALID_TP_SL',
] as const;
