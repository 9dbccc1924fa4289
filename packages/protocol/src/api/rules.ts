/**
 * GET /server/config (no auth): the trading, option and wallet rules the client needs for its estimates, read from
 * the server's own configuration so the web keeps no copy of them. Money is USDT as a JSON number (as in
 * /user/balance), prices in USDT, sizes in BTC; rates are integers named by their unit (ppm: parts per million of
 * notional, bps: hundredths of a percent).
 */
export interface ServerConfigAnswer {
  futures: FuturesRules;
  option: OptionRules;
  wallet: WalletRules;
}

export interface FuturesRules {
  symbol: string;
  makerFeeRatePpm: number;
  takerFeeRatePpm: number;
  /** Maintenance margin by position notional at the mark, lowest tier first; the last tier has no bound (null). */
  maintenanceTiers: MaintenanceTierRule[];
  leverage: { min: number; max: number; default: number };
  /** Price step (USDT) and size step, minimum and maximum per order (BTC). */
  tickSize: number;
  lotSize: number;
  minOrderQty: number;
  maxOrderQty: number;
}

export interface MaintenanceTierRule {
  /** Upper bound of the tier's notional in USDT, inclusive; null for the last tier. */
  maxNotional: number | null;
  ratePpm: number;
}

export interface OptionRules {
  roundMs: number;
  /** Bets are refused when less than this remains in the round. */
  cutoffMs: number;
  /** A win pays stake × (1 + payoutRateBps / 10,000). */
  payoutRateBps: number;
  minStake: number;
  maxStakePerOrder: number;
  maxStakePerRound: number;
}

export interface WalletRules {
  /** Network fee charged on top of a withdrawal's amount. */
  withdrawalFee: number;
  withdrawalMinimum: number;
  /** Largest single withdrawal, and the most per day. */
  withdrawalMaximum: number;
  withdrawalDailyLimit: number;
  /** Withdrawal amounts are whole USDT. */
  withdrawalWholeUsdt: boolean;
  /** Blocks a deposit waits before it is credited; smaller deposits than the minimum are recorded, not credited. */
  depositConfirmations: number;
  depositMinimum: number;
  /** The demo faucet (test USDT on the local chain) is on. */
  faucet: boolean;
}
