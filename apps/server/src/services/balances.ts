import type { UserBalance } from '@tickline/protocol';

/** Source of GET /user/balance. The trading sequencer replaces the placeholder with the ledger's figures. */
export interface BalanceReader {
  balanceOf(userId: number): Promise<UserBalance>;
}

/** Until wallets exist every balance is zero. */
export const zeroBalanceReader: BalanceReader = {
  balanceOf: async () => ({
    bsc: 0,
    usdtm: 0,
    usdt: 0,
    btc: 0,
    balance: 0,
    usingRequiredAmount: 0,
    longWaitingRequiredAmount: 0,
    shortWaitingRequiredAmount: 0,
  }),
};
