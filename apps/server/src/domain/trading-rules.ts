import { defaultExchangeConfig } from '@tickline/engine';

/** A user's leverage: a whole number from 1 to the engine's maximum (the engine refuses anything else too). */
export const MIN_LEVERAGE = 1;
export const MAX_LEVERAGE = defaultExchangeConfig.maxLeverage;

export function isValidLeverage(leverage: unknown): leverage is number {
  return (
    typeof leverage === 'number' && Number.isInteger(leverage) && leverage >= MIN_LEVERAGE && leverage <= MAX_LEVERAGE
  );
}

/** The seeds' numeric symbol of BTCUSDT, the one market (option orders' `symbol`). */
export const BTCUSDT_SYMBOL_ID = 1;
