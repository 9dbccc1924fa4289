/** Input checks shared by the wallet commands: a refusal here leaves no trace. */
import type { AccountId } from '../ledger.ts';
import { Account } from '../ledger.ts';
import type { UserId, Wallet } from '../types.ts';

/** Longest deposit key, withdrawal or settlement id, or adjustment reason. */
export const MAX_KEY_LENGTH = 200;

export function isPositiveAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0;
}

export function isFee(fee: unknown): fee is number {
  return typeof fee === 'number' && Number.isSafeInteger(fee) && fee >= 0;
}

/** A key or id from the service that owns the record: non-empty text, at most MAX_KEY_LENGTH characters. */
export function isKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && key.trim() === key;
}

export function isWallet(wallet: unknown): wallet is Wallet {
  return wallet === 'spot' || wallet === 'futures';
}

export function walletAccount(userId: UserId, wallet: Wallet): AccountId {
  return wallet === 'spot' ? Account.spot(userId) : Account.futures(userId);
}

export function isUserId(userId: unknown): userId is UserId {
  return typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0;
}
