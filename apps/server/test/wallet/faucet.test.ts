/**
 * The demo faucet against a real anvil: its transfer must arrive even when the deposit address is swept empty while
 * the transfer waits to be mined (an estimated gas limit fell short there: the chaos suite found acknowledged faucet
 * deposits that had run out of gas), and a transfer that reverted is never answered as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, erc20Abi, http, parseEther, parseGwei, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { DemoFaucet } from '../../src/app/wallet/faucet.ts';
import { evmChain } from '../../src/services/chain/client.ts';
import { createTestApp, registerAndLogin, type TestApp } from '../helpers/test-app.ts';
import {
  freshAddress,
  startTestChain,
  TEST_CHAIN_ID,
  TEST_CHAIN_MNEMONIC,
  usdt,
  type TestChain,
} from './helpers/test-chain.ts';

let chain: TestChain;
let testApp: TestApp;

beforeAll(async () => {
  [chain, testApp] = await Promise.all([startTestChain(), createTestApp()]);
});

afterAll(async () => {
  await chain?.stop();
  await testApp?.close();
});

const faucetOf = (account = chain.funder) =>
  new DemoFaucet(testApp.pool, chain.reader, account, { chainId: TEST_CHAIN_ID, rpcUrl: chain.rpcUrl }, chain.token);

describe('demo faucet', () => {
  it('pays a deposit address the sweeper empties while the transfer waits to be mined', async () => {
    const faucet = faucetOf();
    const user = await registerAndLogin(testApp.app);
    const { to } = await faucet.send(user.userId, 10);
    expect(await chain.balanceOf(to)).toBe(usdt(10));

    await chain.control.setAutomine(false);
    try {
      const pending = await chain.reader.getTransactionCount({ address: chain.funder.address, blockTag: 'pending' });
      const sending = faucet.send(user.userId, 20);
      // Once the faucet's transfer waits in the pool (its gas limit fixed), a sweep that pays more for its place is
      // mined ahead of it in the same block and empties the address.
      await expect
        .poll(() => chain.reader.getTransactionCount({ address: chain.funder.address, blockTag: 'pending' }))
        .toBe(pending + 1);
      await chain.control.impersonateAccount({ address: to });
      await chain.control.setBalance({ address: to, value: parseEther('1') });
      const sweep = createWalletClient({
        account: to as Address,
        chain: evmChain(TEST_CHAIN_ID, chain.rpcUrl),
        transport: http(chain.rpcUrl),
      });
      await sweep.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [freshAddress(), usdt(10)],
        gas: 100_000n,
        maxPriorityFeePerGas: parseGwei('50'),
        maxFeePerGas: parseGwei('100'),
      });
      await chain.mine(1);
      const { txHash } = await sending;
      expect((await chain.reader.getTransactionReceipt({ hash: txHash })).status).toBe('success');
      expect(await chain.balanceOf(to)).toBe(usdt(20));
    } finally {
      await chain.control.stopImpersonatingAccount({ address: to });
      await chain.control.setAutomine(true);
    }
  });

  it('fails rather than answer a transfer that reverted', async () => {
    // A funded account without any of the token: its transfer is mined and reverts.
    const faucet = faucetOf(mnemonicToAccount(TEST_CHAIN_MNEMONIC, { addressIndex: 3 }));
    const user = await registerAndLogin(testApp.app);
    await expect(faucet.send(user.userId, 10)).rejects.toThrow(/reverted/);
  });
});
