/** Demo funding from the treasury and transfers between a user's own wallets. */
import type { EngineState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import { balanceView } from './balances.ts';
import { isPositiveAmount, isWallet, walletAccount } from './checks.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';

export function fund(s: EngineState, command: CommandOf<'fund'>, effects: Effects): ResultOf<'fund'> {
  if (!isPositiveAmount(command.amount)) return reject('INVALID_AMOUNT');
  if (!isWallet(command.wallet)) return reject('INVALID_WALLET');
  const credit = walletAccount(command.userId, command.wallet);
  s.post(Account.treasury, credit, command.amount, 'demo_funding', `fund:${command.reason}`, effects);
  return { ok: true, value: { balance: balanceView(s, command.userId) } };
}

export function transfer(s: EngineState, command: CommandOf<'transfer'>, effects: Effects): ResultOf<'transfer'> {
  if (!isPositiveAmount(command.amount)) return reject('INVALID_AMOUNT');
  if (!isWallet(command.to)) return reject('INVALID_WALLET');
  const source = walletAccount(command.userId, command.to === 'spot' ? 'futures' : 'spot');
  if (s.balance(source) < command.amount) return reject('INSUFFICIENT_BALANCE');
  const ref = `transfer:${command.userId}:${effects.nowMs}`;
  s.post(source, walletAccount(command.userId, command.to), command.amount, 'wallet_transfer', ref, effects);
  return { ok: true, value: { balance: balanceView(s, command.userId) } };
}
