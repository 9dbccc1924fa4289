import { chainDeposits, type Pool } from '@tickline/db';
import { depositView } from './views.ts';

const LIST_LIMIT = 100;

/** `/deposit/lookup`: the caller's deposits of the real token, newest first, with their confirmations. */
export async function listDeposits(pool: Pool, userId: number, head: number | null) {
  return (await chainDeposits.listUserDeposits(pool, userId, LIST_LIMIT)).map((row) => depositView(row, head));
}
