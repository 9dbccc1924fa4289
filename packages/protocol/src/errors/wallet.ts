import { defineErrors } from './define.ts';

// Wallets and transfers (5xxx). Raised by the engine as Rejection reasons.
export const walletErrors = defineErrors('Wallet', {
  INVALID_AMOUNT: { code: 5001, message: 'Please enter a valid amount greater than zero.' },
  INSUFFICIENT_BALANCE: { code: 5002, message: 'Your balance is not enough for this amount.' },
  INVALID_WALLET: { code: 5003, message: "Unknown wallet: choose 'bsc' (spot) or 'usdtm' (futures)." },
  // Ledger commands of the wallet, withdrawal and partner services (51xx).
  DEPOSIT_KEY_CONFLICT: { code: 5101, message: 'This deposit was already credited with a different user or amount.' },
  DEPOSIT_NOT_FOUND: { code: 5102, message: 'No credited deposit has this key.' },
  WITHDRAWAL_HOLD_TOO_SMALL: { code: 5103, message: 'The withdrawal hold does not cover this amount and fee.' },
  ADJUSTMENT_REASON_REQUIRED: { code: 5104, message: 'Please give a reason for the balance adjustment.' },
});
