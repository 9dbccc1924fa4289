import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi } from 'viem';
import { startWallet, type Wallet } from '../../src/app/wallet/runtime.ts';
import { loadConfig } from '../../src/config.ts';
import { chainReader } from '../../src/services/chain/client.ts';
import { startLocalChain } from '../../src/services/chain/local-chain.ts';
import { createTestApp, get, post, registerAndLogin, TEST_MNEMONIC, type TestApp } from '../helpers/test-app.ts';
import { TestLedger } from './helpers/test-ledger.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-local-chain-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo mode’s own chain', () => {
  it('starts anvil with its state in DATA_DIR, deploys the test USDT once and keeps it across restarts', async () => {
    const port = 0;
    const hotWallet = '0x000000000000000000000000000000000000bEEF';
    const first = await startLocalChain({ dataDir, port, chainId: 31337, hotWallet });
    const reader = chainReader(31337, first.rpcUrl);
    const read = (functionName: 'symbol' | 'decimals') =>
      reader.readContract({ address: first.tokenAddress, abi: erc20Abi, functionName });
    expect([await read('symbol'), await read('decimals')]).toEqual(['USDT', 18]);
    const float = await reader.readContract({
      address: first.tokenAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [hotWallet],
    });
    expect(float).toBe(1_000_000n * 10n ** 18n);
    await first.stop();

    const second = await startLocalChain({ dataDir, port, chainId: 31337, hotWallet });
    try {
      expect(second.tokenAddress).toBe(first.tokenAddress);
      const again = chainReader(31337, second.rpcUrl);
      expect(await again.getCode({ address: second.tokenAddress })).toMatch(/^0x6080/);
    } finally {
      await second.stop();
    }
  });

  describe('faucet and deposit lookup', () => {
    let testApp: TestApp;
    let wallet: Wallet;
    const ledger = new TestLedger();

    beforeAll(async () => {
      testApp = await createTestApp();
      const chain = { ...loadConfig({}).chain, localRpcPort: 0 };
      wallet = await startWallet({
        config: chain,
        dataDir: testApp.config.dataDir,
        pool: testApp.pool,
        clock: testApp.clock,
        ledger,
        demoMnemonic: TEST_MNEMONIC,
        log: () => undefined,
      });
      testApp.app.context.services.wallet = wallet;
    });

    afterAll(async () => {
      await wallet?.stop();
      await testApp?.close();
    });

    it('sends test USDT to the caller’s deposit address; the watcher credits it once final and lists it', async () => {
      const user = await registerAndLogin(testApp.app);
      expect((await post(testApp.app, '/demo/faucet', { amount: 0 }, user.accessToken)).body.code).toBe(5216);
      expect((await post(testApp.app, '/demo/faucet', { amount: 100_001 }, user.accessToken)).body.code).toBe(5216);
      const sent = await post<{ txHash: string; to: string }>(
        testApp.app,
        '/demo/faucet',
        { amount: 250 },
        user.accessToken,
      );
      expect(sent.body.code).toBe(0);
      const info = await get<{ bscAddress: string }>(testApp.app, '/user/info', user.accessToken);
      expect(sent.body.data!.to).toBe(info.body.data!.bscAddress);

      await wallet.watcher.tick();
      let lookup = await get<{ deposits: Array<Record<string, unknown>> }>(
        testApp.app,
        '/deposit/lookup',
        user.accessToken,
      );
      expect(lookup.body.data!.deposits).toEqual([
        expect.objectContaining({ amount: 250, fee: 0, status: 1, txHash: sent.body.data!.txHash }),
      ]);
      // Blocks come every second on the demo chain; two confirmations make it final.
      await expect
        .poll(async () => ((await wallet.watcher.tick()).credited, ledger.spot(user.userId)), {
          timeout: 15_000,
          interval: 500,
        })
        .toBe(250_000_000);
      lookup = await get(testApp.app, '/deposit/lookup', user.accessToken);
      const [deposit] = lookup.body.data!.deposits;
      expect(deposit).toMatchObject({ status: 2 });
      expect(deposit!.confirmations as number).toBeGreaterThanOrEqual(2);
    });

    it('is refused in production mode', async () => {
      const user = await registerAndLogin(testApp.app);
      testApp.app.context.config = { ...testApp.app.context.config, mode: 'production' };
      try {
        expect((await post(testApp.app, '/demo/faucet', { amount: 10 }, user.accessToken)).body.code).toBe(5215);
      } finally {
        testApp.app.context.config = { ...testApp.app.context.config, mode: 'demo' };
      }
    });
  });
});
