// The futures market's summary as the endpoint (`GET /api/v1/market/futures`) and the ticker stream send it, built
// once per tick from the service's state.
import type { PriceTicks } from '@tickline/money';
import type { FuturesMarketAnswer, TickerData } from '@tickline/protocol';
import type { DayStats } from './candles.ts';
import { bpsToPercent, changeBps, lotsToNumber, scaledToNumber, ticksToNumber } from '../../domain/market/units.ts';

export interface SummaryInputs {
  symbol: string;
  /** The last trade (or, without trades, the candle's close or the index). */
  last: PriceTicks;
  /** The last 24 hours of candles, if any. */
  day: DayStats | null;
  index: PriceTicks;
  mark: PriceTicks;
  fundingRatePpm: number;
  fundingTimeMs: number;
  nowMs: number;
}

export function marketSummary({
  symbol,
  last,
  day,
  index,
  mark,
  fundingRatePpm,
  fundingTimeMs,
  nowMs,
}: SummaryInputs): {
  futures: FuturesMarketAnswer;
  ticker: TickerData;
} {
  const percent = bpsToPercent(changeBps(day?.open ?? last, last));
  const fundingRate = scaledToNumber(fundingRatePpm, 6);
  const high = ticksToNumber(Math.max(day?.high ?? last, last));
  const low = ticksToNumber(Math.min(day?.low ?? last, last));
  const volume = lotsToNumber(day?.volume ?? 0);
  return {
    futures: {
      symbol,
      lastPrice: ticksToNumber(last),
      priceChangePercent: percent,
      markPrice: ticksToNumber(mark),
      indexPrice: ticksToNumber(index),
      fundingRate,
      fundingTime: fundingTimeMs,
      highPrice: high,
      lowPrice: low,
      volume,
      time: nowMs,
    },
    ticker: {
      close: ticksToNumber(last),
      percentChange: percent,
      markPrice: ticksToNumber(mark),
      indexPrice: ticksToNumber(index),
      fundingRate,
      fundingTime: fundingTimeMs,
      high,
      low,
      volume,
    },
  };
}
