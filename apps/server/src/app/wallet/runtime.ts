// Starts the wallet: the chain (the platform's anvil in the default mode, CHAIN_RPC_URL otherwise), the deposit
// watcher and the withdrawal desk (run by the scheduler's wallet jobs), and the services the HTTP routes use.
import type { Address, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainDeposits, type Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import { chainReader } from '../../services/chain/client.ts';
import type { ChainConfig } from '../../services/chain/config.ts';
import { HotWallet } from '../../services/chain/hot-wallet.ts';
import { demoHotWalletKey } from '../../services/chain/keys.ts';
import { startLocalChain } from '../../services/chain/local-chain.ts';
import { ChainWatchReader } from '../../services/chain/reader.ts';
import { WalletAlerts } from './alerts.ts';
import { DepositWatcher } from './deposit-watcher.ts';
import { listDeposits } from './deposits.ts';
import { DemoFaucet } from './faucet.ts';
import type { WalletLedger } from './ports.ts';
import { WithdrawalDesk } from './withdrawal-desk.ts';
import { WalletUserEvents } from './user-events.ts';
import { WithdrawalService } from './withdrawals.ts';

export interface WalletOptions {
  config: ChainConfig;
  dataDir: string;
  pool: Pool;
  clock: Clock;
  ledger: WalletLedger;
  /** Demo mode's seed (DATA_DIR/secrets.json): the local chain's hot wallet key is derived from it. */
  demoMnemonic: string | undefined;
  log?: (message: string, error?: unknown) => void;
}

export interface Wallet {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  hotWalletAddress: Address;
  reader: PublicClient;
  watcher: DepositWatcher;
  withdrawals: WithdrawalService;
  desk: WithdrawalDesk;
  /**
   * One pass of the deposit watcher, remembering the chain head it saw (for the deposits' confirmations); when the head
   * moved, users whose deposits are confirming or just changed hear of it on their stream.
   */
  watchDeposits(): Promise<void>;
  /** Deposit and withdrawal changes and wallet alarms, for the users' streams. */
  userEvents: WalletUserEvents;
  /** The hot wallet's token balance on chain, in the token's units (ledger health). */
  hotWalletTokens(): Promise<bigint>;
  /** Demo mode with the platform's own chain only. */
  faucet: DemoFaucet | null;
  deposits(userId: number): ReturnType<typeof listDeposits>;
  stop(): Promise<void>;
}

export async function startWallet(options: WalletOptions): Promise<Wallet> {
  const { config, pool, clock } = options;
  const log = options.log ?? ((message, error) => console.error(`wallet: ${message}`, error ?? ''));
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => log('stop failed', error));
  };
  try {
    let rpcUrl = config.rpcUrl;
    let tokenAddress = config.tokenAddress;
    let hotKey = config.hotWalletPrivateKey;
    let faucetAccount = null;
    if (!rpcUrl) {
      if (!options.demoMnemonic) throw new Error('the local chain needs the demo seed (demo mode)');
      hotKey ??= demoHotWalletKey(options.demoMnemonic);
      const local = await startLocalChain({
        dataDir: options.dataDir,
        port: config.localRpcPort,
        chainId: config.chainId,
        hotWallet: privateKeyToAccount(hotKey).address,
      });
      stops.push(() => local.stop());
      rpcUrl = local.rpcUrl;
      tokenAddress = local.tokenAddress;
      faucetAccount = local.faucet;
    }
    if (!tokenAddress || !hotKey) throw new Error('USDT_CONTRACT and HOT_WALLET_PRIVATE_KEY are required');
    const reader = chainReader(config.chainId, rpcUrl);
    const servedChainId = await reader.getChainId();
    if (servedChainId !== config.chainId)
      throw new Error(`${rpcUrl} serves chain ${servedChainId}, not CHAIN_ID ${config.chainId}`);
    const userEvents = new WalletUserEvents();
    const alerts = new WalletAlerts(pool, clock, (message) => log(`alert: ${message}`), userEvents);
    const hotWallet = new HotWallet(reader, hotKey, config.chainId, tokenAddress);
    const watcher = new DepositWatcher({
      pool,
      reader: new ChainWatchReader(reader),
      ledger: options.ledger,
      alerts,
      clock,
      tokenAddress,
      confirmations: config.confirmations,
      dustMinimum: config.depositMinimum,
      startBlock: config.startBlock,
    });
    const desk = new WithdrawalDesk({
      pool,
      ledger: options.ledger,
      hotWallet,
      alerts,
      clock,
      confirmations: config.confirmations,
      autoApproveMax: config.withdrawAutoApproveMax,
      fourEyesMin: config.withdrawFourEyesMin,
      events: userEvents,
    });
    const withdrawals = new WithdrawalService({
      pool,
      ledger: options.ledger,
      clock,
      platformAddresses: () => [hotWallet.address, tokenAddress, ...(faucetAccount ? [faucetAccount.address] : [])],
    });
    let head: number | null = null;
    return {
      rpcUrl,
      chainId: config.chainId,
      tokenAddress,
      hotWalletAddress: hotWallet.address,
      reader,
      watcher,
      withdrawals,
      desk,
      watchDeposits: async () => {
        const startedAt = new Date(clock.now());
        const seenHead = head;
        head = (await watcher.tick()).head;
        if (head === seenHead) return;
        for (const userId of await chainDeposits.usersWithMovingDeposits(pool, startedAt))
          userEvents.changed(userId, 'deposit');
      },
      userEvents,
      hotWalletTokens: () => hotWallet.tokenBalance(),
      faucet: faucetAccount
        ? new DemoFaucet(pool, reader, faucetAccount, { chainId: config.chainId, rpcUrl }, tokenAddress)
        : null,
      deposits: async (userId) => listDeposits(pool, userId, head ?? (await watcher.lastHead())),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
