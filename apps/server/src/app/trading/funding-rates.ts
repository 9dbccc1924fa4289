// The market's funding-rate history (GET /market/fundingRate and Binance's /fapi/v1/fundingRate): the settlements
// the engine committed, read from funding_rates.
import { Errors } from '@tickline/protocol';
import { fundingRatesOf, type FundingRateRow, type Queryable } from '@tickline/db';
import { AppError } from '../../domain/errors.ts';

export const DEFAULT_FUNDING_RATES = 100;
export const MAX_FUNDING_RATES = 1000;

export interface FundingRateWindow {
  symbol: string;
  startMs: number | null;
  endMs: number | null;
  limit: number;
}

/** Settlements of the window, oldest first; a window that ends before it starts is refused. */
export async function fundingRateHistory(db: Queryable, window: FundingRateWindow): Promise<FundingRateRow[]> {
  if (window.startMs !== null && window.endMs !== null && window.startMs > window.endMs)
    throw new AppError(Errors.MARKET_INVALID_TIME_RANGE);
  return fundingRatesOf(db, window);
}

/** An optional epoch-ms query field: digits only, a safe integer. */
export function epochMsOf(text: unknown): number | null {
  if (text === undefined) return null;
  const value = typeof text === 'string' && /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw new AppError(Errors.MARKET_INVALID_TIME_RANGE);
  return value;
}
