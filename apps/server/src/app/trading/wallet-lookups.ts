import type { UserId } from '@tickline/engine';
import { listWalletTransfers } from '@tickline/db';
import type { UserBalance } from '@tickline/protocol';
import { RECENT_LIMIT, type TradingContext } from './core.ts';
import { balanceView, transferView } from './views.ts';

const TRANSFER_LIST_LIMIT = 100;

/** `/user/balance`: the ledger's figures for the caller, from the engine. */
export function balanceOf(core: TradingContext, userId: UserId): Promise<UserBalance> {
  return core.engine.read('balances', userId).then(({ balances, indexPrice }) => balanceView(balances, indexPrice));
}

/** `/transfer/lookupForTop` (recent) and `/transfer/lookup` (up to 100) of one transfer type. */
export async function transfers(core: TradingContext, userId: UserId, type: number, recentOnly: boolean) {
  const rows = await listWalletTransfers(core.pool, userId, type, recentOnly ? RECENT_LIMIT : TRANSFER_LIST_LIMIT);
  return rows.map(transferView);
}
