/**
 * The test chain's reads see every transaction already sent: anvil answers a raw send before its automine mines it,
 * and the wallet tests assert balances right after the app broadcasts (a withdrawal, a sweep).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HotWallet } from '../../src/services/chain/hot-wallet.ts';
import { freshAddress, startTestChain, TEST_CHAIN_ID, usdt, type TestChain } from './helpers/test-chain.ts';
import { hotWalletKey } from './helpers/wallet-app.ts';

let chain: TestChain;
let hotWallet: HotWallet;
// Without the wait, 6 to 11 reads in a hundred miss the send: a hundred sends make a miss all but certain.
const SENDS = 100;

beforeAll(async () => {
  chain = await startTestChain();
  hotWallet = new HotWallet(chain.reader, hotWalletKey(), TEST_CHAIN_ID, chain.token);
  await chain.send(hotWallet.address, usdt(SENDS));
});
afterAll(async () => {
  await chain?.stop();
});

it('reads a balance and the head with every broadcast transfer mined', async () => {
  const gasPrice = await hotWallet.gasPrice();
  const firstNonce = await hotWallet.chainNonce();
  const headBefore = await chain.head();
  const missed: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const to = freshAddress();
    const transfer = await hotWallet.signTransfer({ to, amountMicro: 1_000_000, nonce: firstNonce + i, gasPrice });
    await hotWallet.broadcast(transfer.rawTx);
    if ((await chain.balanceOf(to)) !== usdt(1)) missed.push(i);
  }
  expect(missed).toEqual([]);
  expect(await chain.head()).toBe(headBefore + SENDS);
});
