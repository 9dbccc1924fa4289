import { checkLedgerHealth, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import type { Wallet } from '../wallet/runtime.ts';
import { tokenUnitsToMicro } from '../../services/chain/token.ts';

export interface HealthCheck {
  name: 'zero-sum' | 'postings-match-balances' | 'no-negative-user-balance' | 'hot-wallet-covers-spot';
  ok: boolean;
  detail: Record<string, unknown>;
}

/**
 * Ledger health (#16 item 6): each check green or red with its figures — the accounts sum to zero, stored balances
 * equal their postings, no user balance is negative, and the hot wallet's token balance on chain covers users' spot
 * balances (deposits still confirming are not in them yet).
 */
export async function ledgerHealth(pool: Pool, wallet: Wallet | null | undefined): Promise<HealthCheck[]> {
  const health = await checkLedgerHealth(pool);
  const checks: HealthCheck[] = [
    { name: 'zero-sum', ok: health.balanceTotal === 0, detail: { sum: health.balanceTotal } },
    {
      name: 'postings-match-balances',
      ok: health.mismatchedAccounts.length === 0,
      detail: { mismatched: health.mismatchedAccounts.slice(0, 20) },
    },
    {
      name: 'no-negative-user-balance',
      ok: health.negativeUserAccounts.length === 0,
      detail: { negative: health.negativeUserAccounts.slice(0, 20) },
    },
  ];
  if (wallet) {
    const spot = await pool.query<{ total: string }>(
      "SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE id LIKE 'user:%:spot'",
    );
    const spotMicro = Number(spot.rows[0]!.total);
    const hotMicro = tokenUnitsToMicro(await wallet.hotWalletTokens())?.micro ?? Number.MAX_SAFE_INTEGER;
    checks.push({
      name: 'hot-wallet-covers-spot',
      ok: hotMicro >= spotMicro,
      detail: { hotWallet: toNumber(hotMicro, USDT_SCALE), usersSpot: toNumber(spotMicro, USDT_SCALE) },
    });
  }
  return checks;
}
