// Sending signed bytes and reading their receipts, for every signer of the platform (the hot wallet, the deposit
// addresses' sweeps). A send whose outcome is unknown is repeated with exactly the same bytes by the caller.
import type { Hex, PublicClient } from 'viem';

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

/** Sends signed bytes; a node that already knows them (or the nonce was used by them) is not an error. */
export async function broadcastRaw(client: PublicClient, rawTx: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: rawTx });
  } catch (error) {
    if (ALREADY_SENT.test(errorText(error))) return;
    throw error;
  }
}

/** The receipt of a transaction, or null while it is not mined. */
export async function receiptOf(client: PublicClient, txHash: Hex): Promise<TransferReceipt | null> {
  try {
    const receipt = await client.getTransactionReceipt({ hash: txHash });
    return { blockNumber: Number(receipt.blockNumber), success: receipt.status === 'success' };
  } catch (error) {
    if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
    throw error;
  }
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error as { message?: string; details?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    parts.push(e.message ?? '', e.details ?? '');
  return parts.join(' ');
}
