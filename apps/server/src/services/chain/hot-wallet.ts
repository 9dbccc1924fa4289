// The hot wallet: signs ERC-20 transfers of the token and gas top-ups with nonces the caller allocates, and
// broadcasts signed bytes. Signing and broadcasting are apart so that the signed transaction can be stored before it
// is ever sent, and a send whose outcome is unknown can be repeated with exactly the same bytes.
import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { microToTokenUnits } from './token.ts';
import { broadcastRaw, receiptOf, type SignedTransfer, type TransferReceipt } from './transactions.ts';

/** Enough for an ERC-20 transfer (BSC USDT takes about 35,000–55,000). */
export const TRANSFER_GAS_LIMIT = 100_000n;
/** A plain transfer of BNB/ETH to an address without code. */
export const NATIVE_TRANSFER_GAS = 21_000n;

export class HotWallet {
  private readonly account: PrivateKeyAccount;

  constructor(
    private readonly reader: PublicClient,
    privateKey: Hex,
    private readonly chainId: number,
    readonly tokenAddress: Address,
    /** Where signed transactions are sent (the reader's endpoint unless told). */
    private readonly broadcaster: PublicClient = reader,
  ) {
    this.account = privateKeyToAccount(privateKey);
  }

  get address(): Address {
    return this.account.address;
  }

  /** The next nonce the chain expects, pending transactions included. */
  async chainNonce(): Promise<number> {
    return this.reader.getTransactionCount({ address: this.address, blockTag: 'pending' });
  }

  async tokenBalance(): Promise<bigint> {
    return this.reader.readContract({
      address: this.tokenAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [this.address],
    });
  }

  async gasBalance(): Promise<bigint> {
    return this.reader.getBalance({ address: this.address });
  }

  async gasPrice(): Promise<bigint> {
    return this.reader.getGasPrice();
  }

  async signTransfer(transfer: {
    to: Address;
    amountMicro: number;
    nonce: number;
    gasPrice: bigint;
  }): Promise<SignedTransfer> {
    const rawTx = await this.account.signTransaction({
      type: 'legacy',
      chainId: this.chainId,
      to: this.tokenAddress,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [transfer.to, microToTokenUnits(transfer.amountMicro)],
      }),
      nonce: transfer.nonce,
      gas: TRANSFER_GAS_LIMIT,
      gasPrice: transfer.gasPrice,
      value: 0n,
    });
    return { rawTx, txHash: keccak256(rawTx) };
  }

  /**
   * A top-up of the native coin (BNB/ETH) to `to`, so that an address of ours can pay the gas of its own transaction.
   */
  async signGasTopUp(topUp: { to: Address; value: bigint; nonce: number; gasPrice: bigint }): Promise<SignedTransfer> {
    const rawTx = await this.account.signTransaction({
      type: 'legacy',
      chainId: this.chainId,
      to: topUp.to,
      value: topUp.value,
      nonce: topUp.nonce,
      gas: NATIVE_TRANSFER_GAS,
      gasPrice: topUp.gasPrice,
    });
    return { rawTx, txHash: keccak256(rawTx) };
  }

  /** Sends signed bytes; a node that already knows them (or the nonce was used by them) is not an error. */
  async broadcast(rawTx: Hex): Promise<void> {
    await broadcastRaw(this.broadcaster, rawTx);
  }

  async receipt(txHash: Hex): Promise<TransferReceipt | null> {
    return receiptOf(this.reader, txHash);
  }

  async head(): Promise<number> {
    return Number(await this.reader.getBlockNumber({ cacheTime: 0 }));
  }
}
