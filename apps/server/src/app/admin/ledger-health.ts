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
 * equal their postings, no user balance is negative, and the tokens on chain (the hot wallet's balance, and completed
 * deposits still on the deposit addresses: not swept) cover what users hold from the chain (deposits credited less
 * withdrawals sent; pending deposits are not credited yet, so not in it).
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
    // What users hold that came in from the chain (deposits credited less withdrawals sent): minus chain clearing.
    // Demo and promotional funds came from the treasury, not the chain, and are not owed on chain.
    const owed = await pool.query<{ clearing: string }>(
      `SELECT (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE id = 'chain:clearing')::text AS clearing`,
    );
    const owedMicro = -Number(owed.rows[0]!.clearing);
    // Tokens on chain: the hot wallet's, and those of completed deposits still on the users' deposit addresses. A
    // sweep moves them from one to the other, so they count on the addresses until the sweep's transfer is mined and
    // on the hot wallet from then on: once, never twice.
    const [hotUnits, depositUnits] = await Promise.all([wallet.hotWalletTokens(), wallet.depositAddressTokens()]);
    const hotMicro = tokenUnitsToMicro(hotUnits)?.micro ?? Number.MAX_SAFE_INTEGER;
    const onDepositAddresses = tokenUnitsToMicro(depositUnits)?.micro ?? Number.MAX_SAFE_INTEGER;
    checks.push({
      name: 'hot-wallet-covers-spot',
      ok: hotMicro + onDepositAddresses >= owedMicro,
      detail: {
        hotWallet: toNumber(hotMicro, USDT_SCALE),
        onDepositAddresses: toNumber(onDepositAddresses, USDT_SCALE),
        owedOnChain: toNumber(owedMicro, USDT_SCALE),
      },
    });
  }
  return checks;
}
