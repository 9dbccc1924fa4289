import { defineErrors } from './define.ts';

// Futures trading (3xxx): order entry, positions, leverage, TP/SL. Raised by the engine as Rejection reasons.
export const futuresErrors = defineErrors('Futures', {
  INVALID_LEVERAGE: { code: 3001, message: 'Leverage must be a whole number from 1 to 100.' },
  LEVERAGE_WOULD_LIQUIDATE: {
    code: 3002,
    message: 'This leverage would put your open position at or beyond its liquidation price.',
  },
  LEVERAGE_NEEDS_MORE_MARGIN: {
    code: 3003,
    message: 'Your futures wallet does not have enough available USDT for the margin this leverage needs.',
  },
  INVALID_PRICE: { code: 3004, message: 'Please enter a valid price (a positive multiple of 0.01 USDT).' },
  INVALID_QUANTITY: { code: 3005, message: 'Please enter a valid amount (a positive multiple of 0.0001 BTC).' },
  QUANTITY_BELOW_MINIMUM: { code: 3006, message: 'The amount is below the minimum order size of 0.0001 BTC.' },
  QUANTITY_ABOVE_MAXIMUM: { code: 3007, message: 'The amount is above the maximum order size of 100 BTC.' },
  INSUFFICIENT_MARGIN: {
    code: 3008,
    message: 'Your futures wallet does not have enough available USDT for this order.',
  },
  ORDER_NOT_FOUND: { code: 3009, message: 'This order does not exist or is no longer open.' },
  NO_POSITION: { code: 3010, message: 'You have no open position.' },
  CLOSE_EXCEEDS_POSITION: { code: 3011, message: 'The amount to close is larger than your position.' },
  INVALID_TP_SL: {
    code: 3012,
    message:
      'Take profit must be beyond the mark price in your favour and stop loss beyond it against you (for a long: take profit above, stop loss below).',
  },
  NO_LIQUIDITY: { code: 3013, message: 'There is no liquidity in the order book for this order right now.' },
  TOO_MANY_OPEN_ORDERS: { code: 3014, message: 'You have too many open orders. Cancel some before placing more.' },
  INVALID_ORDER_TYPE: { code: 3015, message: 'Unknown order type or side.' },
  NO_MARK_PRICE: { code: 3016, message: 'No mark price is available right now. Please try again shortly.' },
  INVALID_FUNDING_RATE: { code: 3017, message: 'The funding rate must be a whole number of ppm within ±0.75 %.' },
  ORDER_WOULD_LIQUIDATE: {
    code: 3018,
    message:
      'At the price this order would fill at, your position would be at or beyond its liquidation price. Choose a price nearer the mark price or a lower leverage.',
  },
  NOTIONAL_BELOW_MINIMUM: {
    code: 3019,
    message:
      "The order's value (price × amount) is below this market's minimum order value (minNotional in GET /api/v1/server/config). Use a reduce-only order to close a smaller amount.",
  },
  // Trigger orders (#32 item 3): 3040–3049.
  INVALID_TRIGGER: {
    code: 3040,
    message:
      'A trigger order needs triggerType stop, takeProfit or trailingStop, triggerBy mark or last, and a trigger price (a positive multiple of 0.01 USDT) unless it is a trailing stop.',
  },
  TRIGGER_WOULD_FIRE_NOW: {
    code: 3041,
    message: 'This order would trigger immediately: its trigger or activation price has already been reached.',
  },
  INVALID_CALLBACK_RATE: {
    code: 3042,
    message: 'The callback rate must be a whole number of basis points from 10 (0.1 %) to 1000 (10 %).',
  },
  NO_LAST_PRICE: {
    code: 3043,
    message: 'There has been no trade yet to trigger on the last price. Trigger on the mark price instead.',
  },
  // 3050–3059: leverage brackets and auto-deleveraging (#32 items 6 and 8).
  LEVERAGE_EXCEEDS_BRACKET: {
    code: 3050,
    message:
      'At this position size your leverage is above what its leverage bracket allows. Lower the leverage or the size (see GET /api/v1/market/leverageBrackets).',
  },
});
