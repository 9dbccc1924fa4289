import type { Address } from 'viem';
import type { Pool } from '@tickline/db';
import { accountXpubFromMnemonic, DepositAddressDeriver } from '../../../src/services/chain/deposit-addresses.ts';
import { TEST_MNEMONIC } from '../../helpers/test-app.ts';

export const testDepositAddresses = new DepositAddressDeriver(accountXpubFromMnemonic(TEST_MNEMONIC));

let created = 0;

/**
 * Users straight into the users table (the wallet tests need many, without the cost of registering each through
 * the API), each with the deposit address of its index under the test mnemonic's xpub. KYC verified unless told.
 */
export async function insertUsers(
  pool: Pool,
  count: number,
  options: { approveStatus?: 1 | 2 | 3; role?: 'user' | 'operator' } = {},
): Promise<Array<{ id: number; address: Address }>> {
  const users: Array<{ id: number; address: Address }> = [];
  for (let i = 0; i < count; i++) {
    created++;
    const tag = `${process.pid}-${created}`;
    const { rows } = await pool.query<{ id: number; deposit_address_index: number }>(
      `INSERT INTO users (userid, password_hash, name, phone, referral_code, approve_status, role,
         deposit_address_index, bsc_address, created_at, updated_at)
       VALUES ($1, 'not-a-hash', 'Wallet tester', '010-0000-0000', $2, $3, $4, nextval('deposit_address_index_seq'),
         'pending-' || $2, now(), now())
       RETURNING id, deposit_address_index`,
      [`wallet-${tag}@example.com`, `W${tag}`, options.approveStatus ?? 1, options.role ?? 'user'],
    );
    const row = rows[0]!;
    const address = testDepositAddresses.addressAt(row.deposit_address_index);
    await pool.query('UPDATE users SET bsc_address = $2 WHERE id = $1', [row.id, address]);
    users.push({ id: row.id, address });
  }
  return users;
}
