import { DUPLICATE_COMMAND } from '../../services/sequencer/sequencer.ts';
import type { TradingCore } from './core.ts';

/**
 * An approved settlement application paid: partner settlements payable → the partner's spot wallet, once per
 * application ever (its number is the idempotency key; a repeat after a crash is a refused duplicate).
 */
export async function payPartnerSettlement(core: TradingCore, userId: number, applicationNo: number, amount: number) {
  const settlementId = `application-${applicationNo}`;
  const result = await core.engine.submit(
    { type: 'payPartnerSettlement', userId, settlementId, amount },
    { idempotencyKey: `partner-payout:${applicationNo}` },
  );
  if (!result.ok && result.reason !== DUPLICATE_COMMAND)
    throw new Error(`the ledger refused settlement application ${applicationNo}: ${result.reason}`);
}
