/**
 * GET /server/config (no auth): the trading, option and wallet rules the client needs for its estimates, read from
 * the server's own configuration so the web keeps no copy of them. Money is USDT as a JSON number (as in
 * /user/balance), prices in USDT, sizes in BTC; rates are integers named by their unit (ppm: parts per million of
 * notional, bps: hundredths of a percent).
 */
import { z } from 'zod';

/** One maintenance tier: its upper notional bound in USDT, inclusive (null for the last tier), and its rate. */
export const maintenanceTierRuleSchema = z.object({ maxNotional: z.number().nullable(), ratePpm: z.number().int() });

/**
 * One leverage bracket (risk tier) as Binance's /fapi/v1/leverageBracket row: positions with notional above
 * notionalFloor and up to notionalCap (USDT; null for the last) may use at most initialLeverage; their maintenance
 * margin is notional × maintMarginRatioPpm / 10^6 − cum (USDT), continuous from one bracket to the next.
 */
export const leverageBracketRuleSchema = z.object({
  bracket: z.number().int(),
  initialLeverage: z.number().int(),
  notionalFloor: z.number(),
  notionalCap: z.number().nullable(),
  maintMarginRatioPpm: z.number().int(),
  cum: z.number(),
});

/** GET /market/leverageBrackets: the futures symbol's brackets, smallest notional first. */
export const leverageBracketsAnswerSchema = z.object({
  symbol: z.string(),
  brackets: z.array(leverageBracketRuleSchema),
});

export const futuresRulesSchema = z.object({
  symbol: z.string(),
  makerFeeRatePpm: z.number().int(),
  takerFeeRatePpm: z.number().int(),
  /** Maintenance margin by position notional at the mark, lowest tier first. */
  maintenanceTiers: z.array(maintenanceTierRuleSchema),
  /** The same tiers with their highest leverage and maintenance amount, as GET /market/leverageBrackets. */
  leverageBrackets: z.array(leverageBracketRuleSchema),
  leverage: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  /** Price step (USDT) and size step, minimum and maximum per order (BTC). */
  tickSize: z.number(),
  lotSize: z.number(),
  minOrderQty: z.number(),
  maxOrderQty: z.number(),
});

/** One perpetual market's rules (#34): the futures rules under its symbol, and what the market selector shows. */
export const marketRulesSchema = futuresRulesSchema.extend({
  baseAsset: z.string(),
  /** An order's price × quantity must reach this (USDT); 0 = no floor but the minimum quantity. */
  minNotional: z.number(),
  fundingIntervalMs: z.number().int(),
  /** Decimals to show prices and sizes with. */
  priceDecimals: z.number().int(),
  qtyDecimals: z.number().int(),
  /**
   * The order book's grouping steps (USDT, exact decimal text such as "0.1"), in the order the book offers them; the
   * first is the default.
   */
  bookSteps: z.array(z.string()),
});

export const optionRulesSchema = z.object({
  roundMs: z.number().int(),
  /** Bets are refused when less than this remains in the round. */
  cutoffMs: z.number().int(),
  /** A win pays stake × (1 + payoutRateBps / 10,000). */
  payoutRateBps: z.number().int(),
  minStake: z.number(),
  maxStakePerOrder: z.number(),
  maxStakePerRound: z.number(),
});

export const walletRulesSchema = z.object({
  /** Network fee charged on top of a withdrawal's amount. */
  withdrawalFee: z.number(),
  withdrawalMinimum: z.number(),
  /** Largest single withdrawal, and the most per day. */
  withdrawalMaximum: z.number(),
  withdrawalDailyLimit: z.number(),
  /** Withdrawal amounts are whole USDT. */
  withdrawalWholeUsdt: z.boolean(),
  /** Blocks a deposit waits before it is credited; smaller deposits than the minimum are recorded, not credited. */
  depositConfirmations: z.number().int(),
  depositMinimum: z.number(),
  /** The demo faucet (test USDT on the local chain) is on. */
  faucet: z.boolean(),
});

export const serverConfigSchema = z.object({
  /** BTCUSDT's rules (the seeds' screens read these). */
  futures: futuresRulesSchema,
  /** Every perpetual market's rules, BTCUSDT first. */
  markets: z.array(marketRulesSchema),
  option: optionRulesSchema,
  wallet: walletRulesSchema,
});

export type MaintenanceTierRule = z.infer<typeof maintenanceTierRuleSchema>;
export type LeverageBracketRule = z.infer<typeof leverageBracketRuleSchema>;
export type LeverageBracketsAnswer = z.infer<typeof leverageBracketsAnswerSchema>;
export type FuturesRules = z.infer<typeof futuresRulesSchema>;
export type MarketRules = z.infer<typeof marketRulesSchema>;
export type OptionRules = z.infer<typeof optionRulesSchema>;
export type WalletRules = z.infer<typeof walletRulesSchema>;
export type ServerConfigAnswer = z.infer<typeof serverConfigSchema>;
