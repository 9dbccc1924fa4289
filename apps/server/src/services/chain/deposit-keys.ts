// The private keys of the users' deposit addresses, for sweeping their tokens into the hot wallet: child i of the
// deposit account (m/44'/60'/0'/0), whose extended public key derives the addresses. Demo mode derives the account
// from the demo mnemonic (DATA_DIR/secrets.json); production takes its extended private key from DEPOSIT_XPRV, never
// from disk. Child keys are derived when signing and never leave this module: a child private key together with the
// account xpub would give away every deposit key.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  bytesToHex,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPOSIT_ACCOUNT_PATH } from './deposit-addresses.ts';
import { TRANSFER_GAS_LIMIT } from './hot-wallet.ts';
import { broadcastRaw, receiptOf, type SignedTransfer, type TransferReceipt } from './transactions.ts';

/** The deposit account as an extended private key; throws a message naming what is wrong. */
export function depositAccountFromXprv(xprv: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xprv);
  } catch {
    throw new Error('not a BIP-32 extended private key (xprv...)');
  }
  if (!key.privateKey) throw new Error('an extended public key, not a private one');
  if (key.depth !== 4)
    throw new Error(`the key of depth ${key.depth}, not of the account path ${DEPOSIT_ACCOUNT_PATH}`);
  return key;
}

export class DepositKeys {
  private constructor(private readonly account: HDKey) {}

  static fromMnemonic(mnemonic: string): DepositKeys {
    return new DepositKeys(HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(DEPOSIT_ACCOUNT_PATH));
  }

  static fromXprv(xprv: string): DepositKeys {
    return new DepositKeys(depositAccountFromXprv(xprv));
  }

  /** The account's extended public key: it must be the one the deposit addresses come from. */
  get accountXpub(): string {
    return this.account.publicExtendedKey;
  }

  private keyAt(index: number): Hex {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`bad child index ${index}`);
    const key = this.account.deriveChild(index).privateKey;
    if (!key) throw new Error(`no private key at child ${index}`);
    return bytesToHex(key);
  }

  addressAt(index: number): Address {
    return privateKeyToAccount(this.keyAt(index)).address;
  }

  /**
   * The token transfer of `units` from deposit address `index` to `to`, signed with that address's key. `expected`
   * is the address the platform holds for it: a key that does not match it signs nothing.
   */
  async signTokenTransfer(transfer: {
    index: number;
    expected: Address;
    chainId: number;
    token: Address;
    to: Address;
    units: bigint;
    nonce: number;
    gasPrice: bigint;
  }): Promise<SignedTransfer> {
    const account = privateKeyToAccount(this.keyAt(transfer.index));
    if (account.address !== getAddress(transfer.expected))
      throw new Error(`deposit key ${transfer.index} is for ${account.address}, not ${transfer.expected}`);
    const rawTx = await account.signTransaction({
      type: 'legacy',
      chainId: transfer.chainId,
      to: transfer.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.units] }),
      nonce: transfer.nonce,
      gas: TRANSFER_GAS_LIMIT,
      gasPrice: transfer.gasPrice,
      value: 0n,
    });
    return { rawTx, txHash: keccak256(rawTx) };
  }
}

/** What a sweep reads of a deposit address on chain, and where its signed transfer is sent. */
export class DepositAddressChain {
  constructor(
    private readonly reader: PublicClient,
    readonly tokenAddress: Address,
    /** Where signed transactions are sent (the reader's endpoint unless told). */
    private readonly broadcaster: PublicClient = reader,
  ) {}

  /** The token balance of `address` as of block `blockNumber` (a final block: nothing still confirming in it). */
  async tokenBalanceAt(address: Address, blockNumber: number): Promise<bigint> {
    return this.reader.readContract({
      address: this.tokenAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: BigInt(blockNumber),
    });
  }

  async gasBalance(address: Address): Promise<bigint> {
    return this.reader.getBalance({ address, blockTag: 'pending' });
  }

  /** The next nonce of `address`, pending transactions included. */
  async nonce(address: Address): Promise<number> {
    return this.reader.getTransactionCount({ address, blockTag: 'pending' });
  }

  async broadcast(rawTx: Hex): Promise<void> {
    await broadcastRaw(this.broadcaster, rawTx);
  }

  async receipt(txHash: Hex): Promise<TransferReceipt | null> {
    return receiptOf(this.reader, txHash);
  }
}
