// Starts the wallet: the chain (the platform's anvil in the default mode, CHAIN_RPC_URL otherwise), the deposit
// watcher, the withdrawal desk and the deposit sweeper (run by the scheduler's wallet jobs), and the services the HTTP
// routes use.
import type { Address, PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainDeposits, type Pool } from '@tickline/db';
import { formatUsdt } from '@tickline/money';
import type { Clock } from '../../clock.ts';
import { chainReader } from '../../services/chain/client.ts';
import type { ChainConfig } from '../../services/chain/config.ts';
import { DepositAddressChain, DepositKeys } from '../../services/chain/deposit-keys.ts';
import { HotWallet } from '../../services/chain/hot-wallet.ts';
import { demoHotWalletKey } from '../../services/chain/keys.ts';
import { startLocalChain } from '../../services/chain/local-chain.ts';
import { ChainWatchReader } from '../../services/chain/reader.ts';
import { WalletAlerts } from './alerts.ts';
import { DepositWatcher } from './deposit-watcher.ts';
import { listDeposits } from './deposits.ts';
import { DepositSweeper, tokensOnDepositAddresses } from './deposit-sweeper.ts';
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
  /**
   * Demo mode's seed (DATA_DIR/secrets.json): the local chain's hot wallet key is derived from it, and the deposit
   * addresses' keys that sign their sweeps (unless DEPOSIT_XPRV is set).
   */
  demoMnemonic: string | undefined;
  /** The xpub the users' deposit addresses come from: the sweeps' signing key must be its private key. */
  depositXpub?: string;
  log?: (message: string, error?: unknown) => void;
  /** What the wallet tells the operator at start and what the sweeper did. */
  info?: (message: string) => void;
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
  /** Null when no key signs for the deposit addresses (production without DEPOSIT_XPRV): nothing is swept. */
  sweeper: DepositSweeper | null;
  /**
   * One pass of the deposit watcher, remembering the chain head it saw (for the deposits' confirmations); when the head
   * moved, users whose deposits are confirming or just changed hear of it on their stream.
   */
  watchDeposits(): Promise<void>;
  /** Deposit and withdrawal changes and wallet alarms, for the users' streams. */
  userEvents: WalletUserEvents;
  /** The hot wallet's token balance on chain, in the token's units (ledger health). */
  hotWalletTokens(): Promise<bigint>;
  /** Tokens of completed deposits still on the deposit addresses (not swept), in the token's units (ledger health). */
  depositAddressTokens(): Promise<bigint>;
  /** Demo mode with the platform's own chain only. */
  faucet: DemoFaucet | null;
  deposits(userId: number): ReturnType<typeof listDeposits>;
  stop(): Promise<void>;
}

export async function startWallet(options: WalletOptions): Promise<Wallet> {
  const { config, pool, clock } = options;
  const log = options.log ?? ((message, error) => console.error(`wallet: ${message}`, error ?? ''));
  const info = options.info ?? ((message) => console.log(`wallet: ${message}`));
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
    const depositAddressChain = new DepositAddressChain(reader, tokenAddress);
    const keys = depositKeys(config, options);
    const sweeper = keys
      ? new DepositSweeper({
          pool,
          hotWallet,
          addresses: depositAddressChain,
          keys,
          alerts,
          clock,
          chainId: config.chainId,
          confirmations: config.confirmations,
          minimum: config.sweepMinimum,
          log: info,
        })
      : null;
    info(
      sweeper
        ? `deposit addresses holding at least ${formatUsdt(config.sweepMinimum, 6)} USDT are swept into the hot ` +
            `wallet ${hotWallet.address} every ${config.sweepIntervalMs / 1000} s`
        : 'sweeping of deposit addresses is OFF: no DEPOSIT_XPRV is set, so deposits stay on the deposit addresses ' +
            'and withdrawals are paid from the hot wallet alone',
    );
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
      sweeper,
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
      depositAddressTokens: () => tokensOnDepositAddresses(pool, depositAddressChain),
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

/**
 * The key that signs the deposit addresses' sweeps: DEPOSIT_XPRV, else the demo mnemonic, else none. It must be the
 * private side of the xpub the addresses come from, or the platform refuses to start.
 */
function depositKeys(config: ChainConfig, options: WalletOptions): DepositKeys | null {
  let keys: DepositKeys | null = null;
  if (config.depositAccountXprv) keys = DepositKeys.fromXprv(config.depositAccountXprv);
  else if (options.demoMnemonic) keys = DepositKeys.fromMnemonic(options.demoMnemonic);
  if (keys && options.depositXpub && keys.accountXpub !== options.depositXpub)
    throw new Error("the deposit addresses' signing key does not belong to their xpub (DEPOSIT_XPUB)");
  return keys;
}
