import type { TradingContext } from './core.ts';

/**
 * A settled day's partner shares into partner settlements payable, once per day ever: the day is the sequencer's
 * idempotency key, so a repeat after a crash is a duplicate and changes nothing. Any other refusal is a defect (the
 * amount is positive, the day a key) and fails the job run, which tries again on its next run.
 */
export async function accruePartnerSettlement(core: TradingContext, day: string, amount: number): Promise<void> {
  await core.engine.ensure(
    { type: 'accruePartnerSettlement', day, amount },
    `partner-day:${day}`,
    `the partner settlement of ${day}`,
  );
}
