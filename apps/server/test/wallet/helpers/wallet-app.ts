import type { Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem';
import { startWallet, type Wallet } from '../../../src/app/wallet/runtime.ts';
import { loadConfig } from '../../../src/config.ts';
import type { ChainConfig } from '../../../src/services/chain/config.ts';
import { accountXpubFromMnemonic } from '../../../src/services/chain/deposit-addresses.ts';
import { createTestApp, registerAndLogin, TEST_MNEMONIC, type TestApp } from '../../helpers/test-app.ts';
import { startTestChain, TEST_CHAIN_ID, TEST_CHAIN_MNEMONIC, usdt, type TestChain } from './test-chain.ts';
import type { WalletLedger } from '../../../src/app/wallet/ports.ts';
import { TestLedger } from './test-ledger.ts';

/** The test chain's account 1: the hot wallet of the wallet tests (funded with gas by anvil). */
export const hotWalletKey = (): Hex =>
  bytesToHex(mnemonicToAccount(TEST_CHAIN_MNEMONIC, { addressIndex: 1 }).getHdKey().privateKey!);

export interface WalletTestApp<L extends WalletLedger = TestLedger> extends TestApp {
  chain: TestChain;
  ledger: L;
  wallet: Wallet;
  chainConfig: ChainConfig;
  /** A registered, logged-in user with verified KYC (registration leaves it pending). */
  member(options?: { kyc?: 1 | 2 | 3; role?: 'user' | 'operator'; level?: number }): Promise<{
    userId: number;
    userid: string;
    password: string;
    accessToken: string;
    address: string;
  }>;
}

/**
 * The real app on a fresh database, its wallet on a real anvil with a TestUSDT, the hot wallet holding
 * `hotWalletUsdt`; the ledger is the test port (no scheduler: tests call `tick()`, or register the wallet jobs themselves).
 */
export async function createWalletTestApp<L extends WalletLedger = TestLedger>(
  options: {
    hotWalletUsdt?: number;
    chainConfig?: Partial<ChainConfig>;
    /** An app already built (the trading core's, for the sequencer) and the ledger to post to. */
    base?: { testApp: TestApp; ledger: L };
  } = {},
): Promise<WalletTestApp<L>> {
  const chain = await startTestChain();
  const testApp = options.base?.testApp ?? (await createTestApp());
  const ledger = options.base?.ledger ?? (new TestLedger() as unknown as L);
  const chainConfig: ChainConfig = {
    ...loadConfig({}).chain,
    rpcUrl: chain.rpcUrl,
    chainId: TEST_CHAIN_ID,
    tokenAddress: chain.token,
    hotWalletPrivateKey: hotWalletKey(),
    confirmations: 2,
    startBlock: 0,
    withdrawFourEyesMin: 0, // the four-eyes test turns it on
    ...options.chainConfig,
  };
  const wallet = await startWallet({
    config: chainConfig,
    dataDir: testApp.config.dataDir,
    pool: testApp.pool,
    clock: testApp.clock,
    ledger,
    // The test app's deposit addresses come from TEST_MNEMONIC: its keys sign the sweeps, as the demo mnemonic does.
    demoMnemonic: TEST_MNEMONIC,
    depositXpub: accountXpubFromMnemonic(TEST_MNEMONIC),
    log: () => undefined,
    info: () => undefined,
  });
  await chain.send(wallet.hotWalletAddress, usdt(options.hotWalletUsdt ?? 1_000_000));
  testApp.app.context.services.wallet = wallet;
  return {
    ...testApp,
    chain,
    ledger,
    wallet,
    chainConfig,
    async member(memberOptions = {}) {
      const user = await registerAndLogin(testApp.app);
      await testApp.pool.query('UPDATE users SET approve_status = $2, role = $3, level = $4 WHERE id = $1', [
        user.userId,
        memberOptions.kyc ?? 1,
        memberOptions.role ?? 'user',
        memberOptions.level ?? 1,
      ]);
      // Role and level are what authentication caches (#30): a process that writes them tells the cache.
      await testApp.app.context.sessionRevocations.usersChanged([user.userId]);
      const { rows } = await testApp.pool.query<{ bsc_address: string }>(
        'SELECT bsc_address FROM users WHERE id = $1',
        [user.userId],
      );
      const { userId, userid, password, accessToken } = user;
      return { userId, userid, password, accessToken, address: rows[0]!.bsc_address };
    },
    async close() {
      await wallet.stop();
      await testApp.close();
      await chain.stop();
    },
  };
}
