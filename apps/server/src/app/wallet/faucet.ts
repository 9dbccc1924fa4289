// Demo mode only: "send" test USDT from the local chain's funded account to the caller's deposit address. The
// deposit then arrives like any other: read by the watcher, credited once final. The transfer carries a fixed gas
// limit, not an estimate: an estimate made while the address still holds tokens is too small once the sweeper has
// emptied it (storing into an empty balance costs more), and the transfer would run out of gas.
import { createWalletClient, erc20Abi, http, type Address, type Hex, type PublicClient } from 'viem';
import type { HDAccount } from 'viem/accounts';
import type { Pool } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { evmChain } from '../../services/chain/client.ts';
import { TRANSFER_GAS_LIMIT } from '../../services/chain/hot-wallet.ts';
import { microToTokenUnits } from '../../services/chain/token.ts';

const MAX_FAUCET_USDT = 100_000;

export class DemoFaucet {
  private readonly wallet;
  /** One send at a time: the funded account's nonces stay in order. */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly reader: PublicClient,
    account: HDAccount,
    chain: { chainId: number; rpcUrl: string },
    private readonly tokenAddress: Address,
  ) {
    this.wallet = createWalletClient({
      account,
      chain: evmChain(chain.chainId, chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
  }

  /**
   * Sends `amount` whole test USDT to the user's deposit address; answers the transaction hash once it is mined, and
   * fails when the transfer reverted (nothing was sent).
   */
  send(userId: number, amount: unknown): Promise<{ txHash: Hex; to: Address }> {
    const whole = typeof amount === 'string' && /^\d{1,6}$/.test(amount.trim()) ? Number(amount) : amount;
    if (typeof whole !== 'number' || !Number.isInteger(whole) || whole < 1 || whole > MAX_FAUCET_USDT)
      throw new AppError(Errors.FAUCET_INVALID_AMOUNT);
    const run = this.sending.then(async () => {
      const { rows } = await this.pool.query<{ bsc_address: Address }>('SELECT bsc_address FROM users WHERE id = $1', [
        userId,
      ]);
      const to = rows[0]?.bsc_address;
      if (!to) throw new AppError(Errors.SESSION_INVALID);
      const txHash = await this.wallet.writeContract({
        address: this.tokenAddress,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, microToTokenUnits(whole * 1_000_000)],
        gas: TRANSFER_GAS_LIMIT,
      });
      const receipt = await this.reader.waitForTransactionReceipt({ hash: txHash, pollingInterval: 200 });
      if (receipt.status !== 'success') throw new Error(`the faucet's transfer ${txHash} to ${to} reverted`);
      return { txHash, to };
    });
    this.sending = run.catch(() => undefined);
    return run;
  }
}
