import { DEFAULT_SYMBOL, type MarketSymbol } from './config.ts';
import { add, assertSafeInteger, subtract, type MicroUsdt } from '@tickline/money';

/**
 * Ledger account names. Users' accounts are `user:<id>:<purpose>`; the house's and the outside world's are fixed.
 * A user's money is always in exactly one of their accounts: free in a wallet, or held for a purpose.
 */
export type AccountId = string;

/**
 * An account id per user, built once per user and then reused: every command looks balances up by account id, and a
 * string the engine has already used as a key carries its hash, where a freshly built one must be hashed again.
 */
function accountPerUser(idOf: (userId: number) => AccountId): (userId: number) => AccountId {
  const ids = new Map<number, AccountId>();
  return (userId) => {
    let id = ids.get(userId);
    if (id === undefined) ids.set(userId, (id = idOf(userId)));
    return id;
  };
}

/** `user:<id>:<purpose>`: the user's own money. */
const userAccount = (purpose: string) => accountPerUser((userId) => `user:${userId}:${purpose}`);

/** `house:<purpose>:<userId>`: the house's claim on one user, which may go negative (the user owes it). */
const houseAccountOfUser = (purpose: string) => accountPerUser((userId) => `house:${purpose}:${userId}`);

export const Account = {
  /** Spot wallet (USDT BEP-20), `bsc` in the seeds. */
  spot: userAccount('spot'),
  /** Futures wallet, `usdtm` in the seeds: free futures balance. */
  futures: userAccount('futures'),
  /** Initial margin and estimated fees held for the user's resting orders. */
  orderMargin: userAccount('order_margin'),
  /** Isolated margin of the user's open position. */
  positionMargin: userAccount('position_margin'),
  /** Stakes of the user's unsettled option orders. */
  optionStake: userAccount('option_stake'),
  /** Amount + fee of the user's pending withdrawals. */
  withdrawalHold: userAccount('withdrawal_hold'),
  /** Trading and withdrawal fees earned. */
  feeRevenue: 'house:fee_revenue' as AccountId,
  /** Absorbs liquidation surpluses and shortfalls. */
  insuranceFund: 'house:insurance_fund' as AccountId,
  /** The house's side of option bets. */
  optionPool: 'house:option_pool' as AccountId,
  /** Counterparty of realised futures PnL: its balance is minus the open positions' unrealised PnL. */
  pnlClearing: 'house:pnl_clearing' as AccountId,
  /** Funding payments pass through here; rounding residue stays and is swept to fee revenue. */
  fundingClearing: 'house:funding_clearing' as AccountId,
  /** Source of demo and promotional funds. */
  treasury: 'house:treasury' as AccountId,
  /** Partner settlements approved but not yet paid. */
  partnerPayable: 'house:partner_payable' as AccountId,
  /** Counterparty of operators' balance corrections (each posting carries its reason in `ref`). */
  operatorAdjustment: 'house:operator_adjustment' as AccountId,
  /**
   * What a user owes after a reversed deposit they had already spent: negative while owed, repaid first from their
   * next deposits. The house carries the loss here until then (docs/decisions.md, deposit reversals).
   */
  depositDebt: houseAccountOfUser('deposit_debt'),
  /** Money that entered or left through the chain (deposits in, withdrawals out). */
  chainClearing: 'chain:clearing' as AccountId,
} as const;

/** The ledger accounts of one market (#34): DEFAULT_SYMBOL's keep their names, another market's get `:<symbol>`. */
export interface MarketAccounts {
  orderMargin: (userId: number) => AccountId;
  positionMargin: (userId: number) => AccountId;
  insuranceFund: AccountId;
  pnlClearing: AccountId;
  fundingClearing: AccountId;
}

export function marketAccounts(symbol: MarketSymbol): MarketAccounts {
  if (symbol === DEFAULT_SYMBOL) {
    const { orderMargin, positionMargin, insuranceFund, pnlClearing, fundingClearing } = Account;
    return { orderMargin, positionMargin, insuranceFund, pnlClearing, fundingClearing };
  }
  const suffix = `:${symbol}`;
  return {
    orderMargin: accountPerUser((userId) => Account.orderMargin(userId) + suffix),
    positionMargin: accountPerUser((userId) => Account.positionMargin(userId) + suffix),
    insuranceFund: Account.insuranceFund + suffix,
    pnlClearing: Account.pnlClearing + suffix,
    fundingClearing: Account.fundingClearing + suffix,
  };
}

/** A user's accounts must never go negative; the house's and the chain's may (they are the other side). */
export function isUserAccount(account: AccountId): boolean {
  return account.startsWith('user:');
}

export function userIdOfAccount(account: AccountId): number | null {
  if (!isUserAccount(account)) return null;
  return Number(account.split(':')[1]);
}

export type PostingKind =
  | 'demo_funding'
  | 'wallet_transfer'
  | 'order_margin_hold'
  | 'order_margin_release'
  | 'position_margin'
  | 'trading_fee'
  | 'realized_pnl'
  | 'funding'
  | 'liquidation'
  | 'insurance'
  | 'option_stake'
  | 'option_payout'
  | 'option_refund'
  | 'deposit'
  | 'deposit_reversal'
  | 'deposit_debt_repayment'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_fee'
  | 'withdrawal_sent'
  | 'partner_settlement'
  | 'operator_adjustment';

/**
 * One immutable double-entry transfer: `amount` leaves `debit` and arrives in `credit`. Corrections are new postings.
 * `ref` ties the legs of one business event together (e.g. `order:17`, `round:1732190400000`).
 */
export interface Posting {
  debit: AccountId;
  credit: AccountId;
  amount: MicroUsdt;
  kind: PostingKind;
  ref: string;
}

export class LedgerError extends Error {}

/**
 * In-memory balances of every account, changed only by postings. The sum over all accounts is zero by
 * construction; a posting that would take a user's account below zero is refused (callers check first, so a refusal
 * here means a bug, never a user error).
 */
export class Ledger {
  // Each account's balance lives in a slot of one Float64Array (exact for safe integers) rather than as a Map value:
  // a Map holding numbers beyond the small-integer range allocates a new heap number on every update, and a busy
  // batch updates balances tens of thousands of times.
  private readonly slots = new Map<AccountId, number>();
  private accounts: AccountId[] = [];
  private values = new Float64Array(1024);

  balance(account: AccountId): MicroUsdt {
    const slot = this.slots.get(account);
    return slot === undefined ? 0 : this.values[slot]!;
  }

  /** Applies the posting and appends it to `journal`. */
  post(posting: Posting, journal: Posting[]): void {
    const { debit, credit, amount } = posting;
    assertSafeInteger(amount, 'posting amount');
    if (amount <= 0) throw new LedgerError(`posting amount must be positive, got ${amount} (${posting.kind})`);
    if (debit === credit) throw new LedgerError(`posting from ${debit} to itself (${posting.kind})`);
    let debitSlot = this.slots.get(debit);
    let creditSlot = this.slots.get(credit);
    const debitAfter = subtract(debitSlot === undefined ? 0 : this.values[debitSlot]!, amount);
    if (debitAfter < 0 && isUserAccount(debit))
      throw new LedgerError(`posting ${posting.kind} would take ${debit} to ${debitAfter}`);
    const creditAfter = add(creditSlot === undefined ? 0 : this.values[creditSlot]!, amount);
    debitSlot ??= this.newSlot(debit);
    creditSlot ??= this.newSlot(credit);
    this.values[debitSlot] = debitAfter;
    this.values[creditSlot] = creditAfter;
    journal.push(posting);
  }

  /** Posts only when amount > 0 (zero-amount legs are simply skipped). */
  postIfPositive(posting: Posting, journal: Posting[]): void {
    if (posting.amount > 0) this.post(posting, journal);
  }

  /** Replaces all balances, e.g. when the sequencer restores state from the database. */
  restore(balances: Iterable<readonly [AccountId, MicroUsdt]>): void {
    this.slots.clear();
    this.accounts = [];
    this.values = new Float64Array(1024);
    for (const [account, amount] of balances) {
      assertSafeInteger(amount, account);
      // The slot first: making one may replace `values` with a larger array.
      const slot = this.slots.get(account) ?? this.newSlot(account);
      this.values[slot] = amount;
    }
  }

  *entries(): IterableIterator<[AccountId, MicroUsdt]> {
    for (let slot = 0; slot < this.accounts.length; slot++) yield [this.accounts[slot]!, this.values[slot]!];
  }

  /** Sum of all balances: zero unless something bypassed `post`. */
  total(): MicroUsdt {
    let sum = 0;
    for (let slot = 0; slot < this.accounts.length; slot++) sum = add(sum, this.values[slot]!);
    return sum;
  }

  private newSlot(account: AccountId): number {
    const slot = this.accounts.length;
    this.accounts.push(account);
    this.slots.set(account, slot);
    if (slot >= this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    return slot;
  }
}
