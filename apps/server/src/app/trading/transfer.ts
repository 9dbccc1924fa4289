import { parseUsdt } from '@tickline/money';
import type { UserId, Wallet } from '@tickline/engine';
import type { TradingContext } from './core.ts';
import { positiveDecimal, refuse } from './input.ts';

/** The seeds' names of the receiving wallet: 'bsc' spot, 'usdtm' futures. */
const WALLETS: Record<string, Wallet> = { bsc: 'spot', usdtm: 'futures' };

/** `/transfer/registerFutures`: between the caller's own spot and futures wallets, atomically. */
export async function transfer(core: TradingContext, userId: UserId, input: { to?: unknown; amount?: unknown }) {
  const to = typeof input.to === 'string' ? WALLETS[input.to] : undefined;
  if (!to) refuse('INVALID_WALLET');
  const amount = positiveDecimal(input.amount, parseUsdt, 'INVALID_AMOUNT');
  await core.engine.execute({ type: 'transfer', userId, to, amount });
}
