import { defineErrors } from './define.ts';

// On-chain deposits and withdrawals, the demo faucet and operators' withdrawal decisions (52xx). The first two
// messages are the seeds' own words (seed 001 §5).
export const custodyErrors = defineErrors('Custody', {
  WITHDRAW_ADDRESS_REQUIRED: { code: 5201, message: 'Please input destination address.' },
  WITHDRAW_AMOUNT_REQUIRED: { code: 5202, message: 'Please input amount.' },
  WITHDRAW_INVALID_ADDRESS: {
    code: 5203,
    message:
      'Please enter a valid BEP-20 address (0x and 40 hex digits; a mixed-case address must match its checksum).',
  },
  WITHDRAW_TO_PLATFORM_ADDRESS: {
    code: 5204,
    message: 'This address belongs to Tickline. Please enter an external wallet address.',
  },
  WITHDRAW_WHOLE_USDT: { code: 5205, message: 'Please enter a whole number of USDT.' },
  WITHDRAW_BELOW_MINIMUM: { code: 5206, message: 'The minimum withdrawal is 10 USDT.' },
  WITHDRAW_ABOVE_SINGLE_LIMIT: { code: 5207, message: 'A single withdrawal is at most 1,000,000 USDT.' },
  WITHDRAW_DAILY_LIMIT: { code: 5208, message: 'This would exceed your daily withdrawal limit of 1,000,000 USDT.' },
  WITHDRAW_KYC_REQUIRED: { code: 5209, message: 'Withdrawals need a verified identity. Please complete KYC first.' },
  WITHDRAW_BLOCKED_AFTER_PASSWORD_CHANGE: {
    code: 5210,
    message: 'Withdrawals are paused for 24 hours after a password change.',
  },
  WITHDRAWAL_NOT_FOUND: { code: 5211, message: 'No such withdrawal.' },
  WITHDRAWAL_NOT_WAITING: { code: 5212, message: 'This withdrawal is no longer waiting.' },
  HOT_WALLET_SHORT: {
    code: 5213,
    message: 'The hot wallet cannot cover this withdrawal right now. Operators have been alerted.',
  },
  REFUSAL_REASON_REQUIRED: { code: 5214, message: 'Please give a reason for the refusal (at most 500 characters).' },
  FAUCET_DEMO_ONLY: { code: 5215, message: 'The test USDT faucet exists only in the demo.' },
  FAUCET_INVALID_AMOUNT: { code: 5216, message: 'Please enter a whole amount of test USDT from 1 to 100,000.' },
  CHAIN_UNAVAILABLE: { code: 5217, message: 'The chain cannot be reached right now. Please try again in a moment.' },
  FOUR_EYES_SAME_OPERATOR: {
    code: 5218,
    message: 'This withdrawal needs a second approval from a different operator.',
  },
});
