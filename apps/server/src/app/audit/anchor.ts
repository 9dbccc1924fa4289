// Anchors the round log's head on chain once a day (#35): a zero-value transaction from the platform's anchor account
// to itself whose data is the head's hash, so the log as of that day cannot be rewritten without the chain showing
// it. The anchor account is its own key (derived from the audit secret), apart from the hot wallet, so that its
// nonces never race the withdrawals'. On the platform's own anvil it is given gas; elsewhere an operator funds it.
import { createWalletClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { auditProofs, type Pool } from '@tickline/db';
import { evmChain } from '../../services/chain/client.ts';

export interface AnchorChain {
  reader: PublicClient;
  chainId: number;
  rpcUrl: string;
  /** True on the platform's own anvil: the anchor account is given gas there (anvil_setBalance). */
  local: boolean;
}

const LOCAL_GAS_WEI = 10n ** 18n;

export class RoundLogAnchor {
  private readonly account: PrivateKeyAccount;

  constructor(
    private readonly pool: Pool,
    private readonly chain: AnchorChain,
    privateKey: Hex,
  ) {
    this.account = privateKeyToAccount(privateKey);
  }

  get address(): Address {
    return this.account.address;
  }

  /**
   * Anchors the head for the UTC day of `dueAtMs`, once: a day already anchored is left alone. Answers the anchor, or
   * null when the log is empty. A crash between the send and the record sends a second, identical anchor the next
   * run: harmless (both carry the same head).
   */
  async anchorDay(dueAtMs: number, nowMs: number): Promise<auditProofs.Anchor | null> {
    const day = new Date(dueAtMs).toISOString().slice(0, 10);
    const existing = await auditProofs.anchorOfDay(this.pool, day);
    if (existing) return existing;
    const head = await auditProofs.roundLogHead(this.pool);
    if (!head) return null;
    if (this.chain.local) await this.fundLocally();
    const wallet = createWalletClient({
      account: this.account,
      chain: evmChain(this.chain.chainId, this.chain.rpcUrl),
      transport: http(this.chain.rpcUrl, { timeout: 10_000 }),
    });
    const txHash = await wallet.sendTransaction({ to: this.account.address, value: 0n, data: `0x${head.hash}` });
    const receipt = await this.chain.reader.waitForTransactionReceipt({ hash: txHash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`anchor transaction ${txHash} reverted`);
    const anchor = { day, seq: head.seq, hash: head.hash, chainId: this.chain.chainId, txHash, anchoredAtMs: nowMs };
    await auditProofs.recordAnchor(this.pool, anchor);
    return anchor;
  }

  private async fundLocally(): Promise<void> {
    const balance = await this.chain.reader.getBalance({ address: this.account.address });
    if (balance >= LOCAL_GAS_WEI / 10n) return;
    await this.chain.reader.request({
      method: 'anvil_setBalance' as never,
      params: [this.account.address, `0x${LOCAL_GAS_WEI.toString(16)}`] as never,
    });
  }
}
