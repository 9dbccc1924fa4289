import { defineErrors } from './define.ts';

// One-minute options (4xxx). Raised by the engine as Rejection reasons.
export const optionsErrors = defineErrors('Options', {
  OPTION_INVALID_BET_TYPE: { code: 4001, message: 'Choose Long (higher) or Short (lower).' },
  OPTION_INVALID_STAKE: { code: 4002, message: 'Please enter the amount as a whole number of USDT, at least 1.' },
  OPTION_STAKE_ABOVE_MAXIMUM: { code: 4003, message: 'The amount is above the maximum stake per order.' },
  OPTION_ROUND_LIMIT_REACHED: {
    code: 4004,
    message: 'Your total stake in this round would exceed the maximum per round.',
  },
  OPTION_ROUND_CLOSED: {
    code: 4005,
    message: 'Orders are closed for the last seconds of the round. Please wait for the next round.',
  },
  OPTION_NO_PRICE: { code: 4006, message: 'No index price is available right now. Please try again shortly.' },
  OPTION_ROUND_NOT_ENDED: { code: 4007, message: 'This option round has not ended yet.' },
  OPTION_ROUND_INVALID: {
    code: 4008,
    message: 'No such option round: a round starts on a whole minute and no later than the current one.',
  },
});
