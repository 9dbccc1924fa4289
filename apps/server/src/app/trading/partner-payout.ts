import type { TradingContext } from './core.ts';

/**
 * An approved settlement application paid: partner settlements payable → the partner's spot wallet, once per
 * application ever (its number is the idempotency key; a repeat after a crash is a duplicate).
 */
export async function payPartnerSettlement(
  core: TradingContext,
  userId: number,
  applicationNo: number,
  amount: number,
) {
  const settlementId = `application-${applicationNo}`;
  await core.engine.ensure(
    { type: 'payPartnerSettlement', userId, settlementId, amount },
    `partner-payout:${applicationNo}`,
    `settlement application ${applicationNo}`,
  );
}
