import { DUPLICATE_COMMAND } from '../../services/sequencer/sequencer.ts';
import type { TradingCore } from './core.ts';

/**
 * A settled day's partner shares into partner settlements payable, once per day ever: the day is the sequencer's
 * idempotency key, so a repeat after a crash is refused as a duplicate and changes nothing. Any other refusal is a
 * defect (the amount is positive, the day a key) and fails the job run, which tries again on its next run.
 */
export async function accruePartnerSettlement(core: TradingCore, day: string, amount: number): Promise<void> {
  const result = await core.engine.submit(
    { type: 'accruePartnerSettlement', day, amount },
    { idempotencyKey: `partner-day:${day}` },
  );
  if (!result.ok && result.reason !== DUPLICATE_COMMAND)
    throw new Error(`the ledger refused the partner settlement of ${day}: ${result.reason}`);
}
