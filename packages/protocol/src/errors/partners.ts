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
  SETTLEMENT_APPLICATION_NOT_WAITING: {
    code: 6006,
    message: 'This settlement application does not exist or is no longer waiting.',
  },
  USER_NOT_FOUND: { code: 6007, message: 'No such user.' },
  INVALID_LEVEL: { code: 6008, message: 'The level must be a whole number from 1 to 7.' },
  INVALID_FEE_RATE: { code: 6009, message: 'The fee rate must be a percentage from 0 to 100 with at most 2 decimals.' },
  FEE_TOP_LEVEL_ONLY: {
    code: 6010,
    message: 'Operators set the rates of level 7 partners; partners set the rates below them.',
  },
});
