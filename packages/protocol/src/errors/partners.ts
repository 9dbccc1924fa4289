import { defineErrors } from './define.ts';

// Partner back office (6xxx): the manager calls of seed 001 and their rules (PRODUCT.md §7).
export const partnersErrors = defineErrors('Partners', {
  PARTNER_REQUIRED: { code: 6001, message: 'This is available to partners (level 2 and above) only.' },
  NOT_DIRECT_DOWNLINE: {
    code: 6002,
    message: 'You can set the fee only of the partners directly below you.',
  },
  INVALID_DISTRIBUTE_PERCENT: {
    code: 6003,
    message: 'Please send the partners and their fee percentages (whole numbers from 0 to 100).',
  },
  SETTLEMENT_AMOUNT_INVALID: { code: 6004, message: 'Please enter the settlement amount.' },
  SETTLEMENT_ABOVE_WITHDRAWABLE: {
    code: 6005,
    message: 'The amount is more than your withdrawable settlement.',
  },
});
