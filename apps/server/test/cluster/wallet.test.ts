import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../trading/helpers/ledger-invariants.ts';
import { freshAddress, startTestChain, TEST_CHAIN_ID, usdt, type TestChain } from '../wallet/helpers/test-chain.ts';
import { hotWalletKey } from '../wallet/helpers/wallet-app.ts';
import { natsReachable, TestCluster, type ClusterNode } from './cluster-helpers.ts';

// The chain wallet in a cluster (#19): the chain at CHAIN_RPC_URL, money through the engine over NATS. A deposit is
// credited by the jobs node's watcher and pushed to the user's stream; a withdrawal registered on an API node,
// approved by an operator there, reaches the address.

const natsUp = await natsReachable();
let chain: TestChain;
let cluster: TestCluster;
let node: ClusterNode;
let token: string;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!natsUp)('the chain wallet in a cluster', () => {
  beforeAll(async () => {
    chain = await startTestChain();
    await chain.send(privateKeyToAccount(hotWalletKey()).address, usdt(100_000));
    cluster = await TestCluster.create({
      CHAIN_RPC_URL: chain.rpcUrl,
      USDT_CONTRACT: chain.token,
      CHAIN_ID: String(TEST_CHAIN_ID),
      HOT_WALLET_PRIVATE_KEY: hotWalletKey(),
      CHAIN_CONFIRMATIONS: '1',
      CHAIN_POLL_MS: '200',
      CHAIN_START_BLOCK: '0',
    });
    const engine = await cluster.start('engine');
    await engine.printed('engine: active');
    node = await cluster.start('api,ws,jobs');
    token = await node.waitUntilReady();
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await chain?.stop();
  }, 60_000);

  it('credits a deposit once final and sends an approved withdrawal on chain', async () => {
    const info = await node.call<{ bscAddress: `0x${string}` }>('GET', '/user/info', token);
    const before = (await node.call<{ bsc: number }>('GET', '/user/balance', token)).data!.bsc;
    await chain.send(info.data!.bscAddress, usdt(500));
    await chain.mine(2);
    const deposits = await until(
      () => node.call<{ deposits: Array<{ status: number; amount: number }> }>('GET', '/deposit/lookup', token),
      (answer) => answer.data?.deposits.some((deposit) => deposit.status === 2) ?? false,
    );
    expect(deposits.data!.deposits).toEqual([expect.objectContaining({ status: 2, amount: 500 })]);
    expect((await node.call<{ bsc: number }>('GET', '/user/balance', token)).data!.bsc).toBe(before + 500);

    const to = freshAddress();
    const asked = await node.call<{ no: number }>('POST', '/withdraw/register', token, {
      walletAddress: to,
      amount: 100,
    });
    expect(asked.code, asked.message).toBe(0);
    const operator = await node.call<{ accessToken: string }>('POST', '/auth/login', undefined, {
      userid: 'operator@tickline.dev',
      password: 'Demo1234!',
    });
    const approved = await node.call('POST', '/admin/withdrawals/approve', operator.data!.accessToken, {
      no: asked.data!.no,
    });
    expect(approved.code, approved.message).toBe(0);
    expect(
      await until(
        () => chain.balanceOf(to),
        (units) => units > 0n,
      ),
    ).toBe(usdt(100));
    expect((await node.call<{ bsc: number }>('GET', '/user/balance', token)).data!.bsc).toBe(before + 500 - 105);
    await expectLedgerInvariants(cluster.database.pool);
    const metrics = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
    expect(metrics).toMatch(/^tickline_chain_cursor_lag_blocks \d+$/m);
  }, 90_000);
});
