// The hot wallet: signs ERC-20 transfers of the token with nonces the caller allocates, and broadcasts signed bytes.
// Signing and broadcasting are apart so that the signed transaction can be stored before it is ever sent, and a
// send whose outcome is unknown can be repeated with exactly the same bytes.
import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { microToTokenUnits } from './token.ts';

/** Enough for an ERC-20 transfer (BSC USDT takes about 35,000–55,000). */
export const TRANSFER_GAS_LIMIT = 100_000n;

export interface SignedTransfer {
  rawTx: Hex;
  txHash: Hex;
}

export interface TransferReceipt {
  blockNumber: number;
  success: boolean;
}

/** Errors of a broadcast that mean the node already has (or has mined) this transaction or this nonce. */
const ALREADY_SENT =
  /already known|known transaction|already imported|nonce too low|nonce is too low|replacement transaction underpriced/i;

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

  /** Sends signed bytes; a node that already knows them (or the nonce was used by them) is not an error. */
  async broadcast(rawTx: Hex): Promise<void> {
    try {
      await this.broadcaster.sendRawTransaction({ serializedTransaction: rawTx });
    } catch (error) {
      if (ALREADY_SENT.test(errorText(error))) return;
      throw error;
    }
  }

  async receipt(txHash: Hex): Promise<TransferReceipt | null> {
    try {
      const receipt = await this.reader.getTransactionReceipt({ hash: txHash });
      return { blockNumber: Number(receipt.blockNumber), success: receipt.status === 'success' };
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }

  async head(): Promise<number> {
    return Number(await this.reader.getBlockNumber({ cacheTime: 0 }));
  }
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error as { message?: string; details?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    parts.push(e.message ?? '', e.details ?? '');
  return parts.join(' ');
}
