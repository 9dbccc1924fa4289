import { defineErrors } from './define.ts';

// Order controls (#32, 81xx): time in force, reduce-only, amending an order, isolated margin add/remove. Raised by the
// engine as Rejection reasons (ORDER_NOT_AMENDABLE by the amend use case, which knows closed orders).
export const orderControlsErrors = defineErrors('Order controls', {
  INVALID_TIME_IN_FORCE: {
    code: 8101,
    message: 'Time in force must be GTC, IOC, FOK or GTX for a limit order, and only IOC for a market order.',
  },
  POST_ONLY_WOULD_TAKE: {
    code: 8102,
    message: 'This post-only order would fill at once against the book, so it was not placed.',
  },
  FOK_NOT_FILLED: {
    code: 8103,
    message: 'This fill-or-kill order could not fill in full right now, so nothing was placed.',
  },
  REDUCE_ONLY_NO_POSITION: { code: 8104, message: 'A reduce-only order needs an open position to reduce.' },
  REDUCE_ONLY_WRONG_SIDE: {
    code: 8105,
    message: 'A reduce-only order must be on the side opposite your position (sell to reduce a long, buy a short).',
  },
  AMEND_NOTHING_TO_CHANGE: { code: 8106, message: 'Give a new price or amount that differs from the order.' },
  AMEND_QTY_BELOW_FILLED: {
    code: 8107,
    message: 'The new amount must be larger than what the order has already filled.',
  },
  AMEND_WOULD_CROSS: {
    code: 8108,
    message: 'At the new price the order would fill at once; cancel it and place a new order instead.',
  },
  ORDER_NOT_AMENDABLE: {
    code: 8109,
    message: 'This order is filled, cancelled or triggered and can no longer be changed.',
  },
  INVALID_MARGIN_AMOUNT: { code: 8110, message: 'Please enter a valid amount of USDT (more than 0).' },
  MARGIN_REMOVE_EXCEEDS_MAXIMUM: {
    code: 8111,
    message: 'Removing this much would leave the position below its initial margin.',
  },
  MARGIN_ADD_EXCEEDS_AVAILABLE: {
    code: 8112,
    message: 'Your futures wallet does not have this much available USDT to add.',
  },
});
