import { optionRoundTicks } from '@tickline/db';
import { Errors, type OptionRoundAudit, type RoundTickView } from '@tickline/protocol';
import type { PriceTicks } from '@tickline/money';
import { AppError } from '../../domain/errors.ts';
import type { TradingContext } from './core.ts';
import { price } from './views.ts';

/**
 * `GET /optionRound/audit?round=`: a round's open and close index ticks with the source quotes behind them, and its
 * settlement — public, so anyone can check a result (no user's bets are shown, only how many there were).
 */
export async function optionRoundAudit(
  core: TradingContext,
  roundStart: number,
  nowMs: number,
): Promise<OptionRoundAudit> {
  const roundMs = await core.engine.read('optionRoundMs');
  if (!Number.isSafeInteger(roundStart) || roundStart < 0 || roundStart % roundMs !== 0 || roundStart > nowMs)
    throw new AppError(Errors.OPTION_ROUND_INVALID);
  const record = await optionRoundTicks.findRoundAudit(core.pool, roundStart);
  const roundEnd = roundStart + roundMs;
  return {
    roundStart,
    roundEnd,
    status: record.settled ? 2 : nowMs < roundEnd ? 0 : 1,
    resultPrice: record.settled ? resultPriceView(record.settled.resultPrice) : null,
    settledAt: record.settled?.settledAtMs ?? null,
    open: tickView(record.ticks?.open ?? null),
    close: tickView(record.ticks?.close ?? null),
    ticksKept: record.ticks !== null,
    betCount: record.betCount,
  };
}

function resultPriceView(resultPrice: number | null): number {
  return resultPrice === null ? 0 : price(resultPrice as PriceTicks);
}

function tickView(tick: optionRoundTicks.StoredRoundTick | null): RoundTickView | null {
  if (!tick) return null;
  return {
    price: price(tick.price as PriceTicks),
    takenAt: tick.takenAtMs,
    sources: tick.sources.map((quote) => ({
      source: quote.source,
      price: price(quote.price as PriceTicks),
      quotedAt: quote.quotedAtMs,
    })),
  };
}
