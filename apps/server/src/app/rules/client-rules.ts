// GET /server/config: the rules the web's estimates need, from the one configuration the engine and the wallet read
// (config.exchange, the withdrawal rules, the chain settings), so a change there reaches the client by itself.
import { PRICE_SCALE, QTY_SCALE, toNumber, USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { bracketRows, type ExchangeConfig } from '@tickline/engine';
import type { LeverageBracketRule, ServerConfigAnswer } from '@tickline/protocol';
import type { Config } from '../../config.ts';
import { MIN_LEVERAGE } from '../../domain/trading-rules.ts';
import {
  WITHDRAWAL_DAILY_LIMIT,
  WITHDRAWAL_FEE,
  WITHDRAWAL_MINIMUM,
  WITHDRAWAL_SINGLE_LIMIT,
} from '../wallet/withdrawal-rules.ts';

const usdt = (amount: MicroUsdt) => toNumber(amount, USDT_SCALE);

/** A market's leverage brackets (GET /market/leverageBrackets, the rules), USDT as JSON numbers. */
export function leverageBracketRules(
  exchange: Pick<ExchangeConfig, 'maintenanceTiers' | 'maxLeverage'>,
): LeverageBracketRule[] {
  return bracketRows(exchange.maintenanceTiers, exchange.maxLeverage).map((row) => ({
    bracket: row.bracket,
    initialLeverage: row.initialLeverage,
    notionalFloor: usdt(row.notionalFloor),
    notionalCap: row.notionalCap === null ? null : usdt(row.notionalCap),
    maintMarginRatioPpm: row.maintMarginRatioPpm,
    cum: usdt(row.cum),
  }));
}

/** The answer of GET /server/config; `faucet` says whether this server runs the demo faucet. */
export function clientRules(config: Config, faucet: boolean): ServerConfigAnswer {
  const exchange = config.exchange;
  return {
    futures: {
      symbol: 'BTCUSDT',
      makerFeeRatePpm: exchange.makerFeeRatePpm,
      takerFeeRatePpm: exchange.takerFeeRatePpm,
      maintenanceTiers: exchange.maintenanceTiers.map((tier) => ({
        maxNotional: Number.isFinite(tier.maxNotional) ? usdt(tier.maxNotional) : null,
        ratePpm: tier.ratePpm,
      })),
      leverageBrackets: leverageBracketRules(exchange),
      leverage: { min: MIN_LEVERAGE, max: exchange.maxLeverage, default: exchange.defaultLeverage },
      tickSize: toNumber(exchange.tickSizeTicks, PRICE_SCALE),
      lotSize: toNumber(exchange.lotSizeLots, QTY_SCALE),
      minOrderQty: toNumber(exchange.minOrderQty, QTY_SCALE),
      maxOrderQty: toNumber(exchange.maxOrderQty, QTY_SCALE),
    },
    option: {
      roundMs: exchange.option.roundMs,
      cutoffMs: exchange.option.cutoffMs,
      payoutRateBps: exchange.option.payoutRateBps,
      minStake: usdt(exchange.option.minStake),
      maxStakePerOrder: usdt(exchange.option.maxStakePerOrder),
      maxStakePerRound: usdt(exchange.option.maxStakePerRound),
    },
    wallet: {
      withdrawalFee: usdt(WITHDRAWAL_FEE),
      withdrawalMinimum: usdt(WITHDRAWAL_MINIMUM),
      withdrawalMaximum: usdt(WITHDRAWAL_SINGLE_LIMIT),
      withdrawalDailyLimit: usdt(WITHDRAWAL_DAILY_LIMIT),
      withdrawalWholeUsdt: true,
      depositConfirmations: config.chain.confirmations,
      depositMinimum: usdt(config.chain.depositMinimum),
      faucet,
    },
  };
}
