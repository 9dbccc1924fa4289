// The round log (#35): a hash chain over the settled option rounds. Derived from the stored settlements by one writer
// at a time (an advisory lock in the appending transaction; `seq` and `round_start_ms` unique), so a restart, a retry
// or a second jobs node after a failover neither skips a settled round nor records one twice.
import { auditProofs, inTransaction, type Pool } from '@tickline/db';
import type { PriceTicks } from '@tickline/money';
import { roundRecordText, roundResultOf, ROUND_LOG_GENESIS, type RoundRecord } from '@tickline/verify';
import { price } from '../trading/views.ts';
import { sha256hex } from './merkle-sum-tree.ts';

/** A settlement whose ticks are not kept yet is waited for this long (they are written just after it). */
export const TICKS_GRACE_MS = 2 * 60_000;
/** Settled rounds looked at behind the log's newest one (see auditProofs.unchainedRounds). */
export const LATE_SETTLEMENT_WINDOW_MS = 7 * 24 * 60 * 60_000;
const BATCH = 5_000;

/** A stored record as the API shows it: prices as the round audit shows them. */
export function recordView(record: auditProofs.RoundLogRecord): RoundRecord {
  return {
    seq: record.seq,
    roundStartMs: record.roundStartMs,
    openPrice: price(record.openPrice as PriceTicks),
    closePrice: price(record.closePrice as PriceTicks),
    result: record.result,
    prevHash: record.prevHash,
    hash: record.hash,
  };
}

/**
 * Appends every settled round not yet in the log, oldest first, and answers how many. A round whose ticks are not
 * kept yet stops the walk until they are or `TICKS_GRACE_MS` passed (a round settled at a restart has none; its
 * open price is recorded as 0 and its result as void when it had no price either).
 */
export async function extendRoundLog(pool: Pool, nowMs: number): Promise<number> {
  return inTransaction(pool, async (client) => {
    await auditProofs.lockRoundLog(client);
    const head = await auditProofs.roundLogHead(client);
    const after = head ? head.roundStartMs - LATE_SETTLEMENT_WINDOW_MS : -1;
    const candidates = await auditProofs.unchainedRounds(client, after, BATCH);
    const records: auditProofs.RoundLogRecord[] = [];
    let prevHash = head?.hash ?? ROUND_LOG_GENESIS;
    let seq = head?.seq ?? 0;
    for (const round of candidates) {
      if (!round.ticksKept && nowMs - round.settledAtMs < TICKS_GRACE_MS) break;
      seq += 1;
      const openTicks = round.openPrice ?? 0;
      const closeTicks = round.resultPrice ?? 0;
      const shown = { openPrice: price(openTicks as PriceTicks), closePrice: price(closeTicks as PriceTicks) };
      const result = roundResultOf(shown.openPrice, shown.closePrice);
      const hash = sha256hex(roundRecordText({ prevHash, roundStartMs: round.roundStartMs, ...shown, result }));
      records.push({
        seq,
        roundStartMs: round.roundStartMs,
        openPrice: openTicks,
        closePrice: closeTicks,
        result,
        prevHash,
        hash,
      });
      prevHash = hash;
    }
    await auditProofs.appendRoundRecords(client, records, nowMs);
    return records.length;
  });
}
