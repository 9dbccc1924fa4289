import { defineErrors } from './define.ts';

// Operator controls (9xxx): what a member meets when an operator froze the account, and the operators' own refusals.
export const operatorsErrors = defineErrors('Operators', {
  TRADING_FROZEN: {
    code: 9001,
    message: 'Trading is suspended on your account: new orders and option bets are refused. Please contact support.',
  },
  WITHDRAWALS_FROZEN: {
    code: 9002,
    message: 'Withdrawals are suspended on your account. Please contact support.',
  },
  FREEZE_NOTHING_SELECTED: {
    code: 9003,
    message: 'Choose what to freeze or unfreeze: trading, withdrawals or both (true).',
  },
  FREEZE_REASON_REQUIRED: { code: 9004, message: 'Please give a reason (at most 500 characters).' },
  FREEZE_UNCHANGED: { code: 9005, message: 'This user is already in that state: nothing was changed.' },
  OWN_REQUEST: {
    code: 9006,
    message: 'Operators do not decide on their own account or requests: another operator must do it.',
  },
});
