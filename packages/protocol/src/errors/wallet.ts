import { defineErrors } from './define.ts';

// Wallets and transfers (5xxx). Raised by the engine as Rejection reasons.
export const walletErrors = defineErrors('Wallet', {
  INVALID_AMOUNT: { code: 5001, message: 'Please enter a valid amount greater than zero.' },
  INSUFFICIENT_BALANCE: { code: 5002, message: 'Your balance is not enough for this amount.' },
  INVALID_WALLET: { code: 5003, message: "Unknown wallet: choose 'bsc' (spot) or 'usdtm' (futures)." },
});
