// GET /server/config: the rules the web's estimates need, from the one configuration the engine and the wallet read
// (config.exchange, the withdrawal rules, the chain settings), so a change there reaches the client by itself.
import { PRICE_SCALE, QTY_SCALE, toNumber, USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { bracketRows, type ExchangeConfig, type MarketConfig } from '@tickline/engine';
import type { FuturesRules, LeverageBracketRule, MarketRules, ServerConfigAnswer } from '@tickline/protocol';
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

/** A market's rules as the client reads them (BTCUSDT's are GET /server/config's `futures`, as before #34). */
function futuresRules(market: MarketConfig): FuturesRules {
  return {
    symbol: market.symbol,
    makerFeeRatePpm: market.makerFeeRatePpm,
    takerFeeRatePpm: market.takerFeeRatePpm,
    maintenanceTiers: market.maintenanceTiers.map((tier) => ({
      maxNotional: Number.isFinite(tier.maxNotional) ? usdt(tier.maxNotional) : null,
      ratePpm: tier.ratePpm,
    })),
    leverageBrackets: leverageBracketRules(market),
    leverage: { min: MIN_LEVERAGE, max: market.maxLeverage, default: market.defaultLeverage },
    tickSize: toNumber(market.tickSizeTicks, PRICE_SCALE),
    lotSize: toNumber(market.lotSizeLots, QTY_SCALE),
    minOrderQty: toNumber(market.minOrderQty, QTY_SCALE),
    maxOrderQty: toNumber(market.maxOrderQty, QTY_SCALE),
  };
}

/** Every configured market's rules, with what its definition adds (base asset, minimum notional, display). */
function marketRules(config: Config): MarketRules[] {
  return config.exchange.markets.flatMap((market) => {
    const definition = config.markets.find((candidate) => candidate.symbol === market.symbol);
    if (!definition) return [];
    return [
      {
        ...futuresRules(market),
        baseAsset: definition.baseAsset,
        minNotional: usdt(definition.minNotional),
        fundingIntervalMs:
          config.market.futures?.find((followed) => followed.symbol === market.symbol)?.fundingIntervalMs ??
          definition.fundingIntervalMs,
        priceDecimals: definition.display.priceDecimals,
        qtyDecimals: definition.display.qtyDecimals,
        bookSteps: [...definition.display.bookSteps],
      },
    ];
  });
}

/** The answer of GET /server/config; `faucet` says whether this server runs the demo faucet. */
export function clientRules(config: Config, faucet: boolean): ServerConfigAnswer {
  const exchange = config.exchange;
  return {
    futures: futuresRules({ ...exchange, symbol: 'BTCUSDT' }),
    markets: marketRules(config),
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
