import {
  createTestClient,
  createWalletClient,
  http,
  publicActions,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type AnvilNode } from '../../../src/services/chain/anvil.ts';
import { chainReader, evmChain } from '../../../src/services/chain/client.ts';
import { deployTestUsdt, testUsdtArtifact } from '../../../src/services/chain/token.ts';

export const TEST_CHAIN_ID = 31337;
/**
 * The test chain's funded accounts come from another mnemonic than the deposit addresses of the test apps (which use
 * anvil's development mnemonic): otherwise the first users' deposit addresses would be the chain's funded accounts.
 */
export const TEST_CHAIN_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** A real anvil (automine: a block per transaction, and blocks mined on demand) with a TestUSDT deployed. */
export interface TestChain {
  node: AnvilNode;
  rpcUrl: string;
  reader: PublicClient;
  /** anvil's test actions: mine, snapshot, revert, setAutomine. */
  control: ReturnType<typeof testControl>;
  /** Funded account 0: deployed the token and holds its supply. */
  funder: ReturnType<typeof mnemonicToAccount>;
  token: Address;
  /** Sends `units` of `token` from the funder to `to`; answers the transaction hash (mined when automine is on). */
  send(to: Address, units: bigint, token?: Address): Promise<Hex>;
  /** Another TestUSDT with the same name and symbol, also funded: a fake token. */
  deployFake(): Promise<Address>;
  /** The balance once every transaction already sent is mined. */
  balanceOf(address: Address, token?: Address): Promise<bigint>;
  /** The native coin (gas) balance, the mined nonce and a receipt: also once every transaction sent is mined. */
  gasBalanceOf(address: Address): Promise<bigint>;
  nonceOf(address: Address): Promise<number>;
  receipt(hash: Hex): ReturnType<PublicClient['getTransactionReceipt']>;
  mine(blocks: number): Promise<void>;
  /** The head once every transaction already sent is mined. */
  head(): Promise<number>;
  stop(): Promise<void>;
}

const testControl = (rpcUrl: string) =>
  createTestClient({ mode: 'anvil', chain: evmChain(TEST_CHAIN_ID, rpcUrl), transport: http(rpcUrl) }).extend(
    publicActions,
  );

export const FUNDER_SUPPLY = 10n ** 30n; // a trillion USDT in 18 decimals

/** Longer than any block anvil mines; a transaction still in the pool after this will not be mined by automine. */
const SETTLE_TIMEOUT_MS = 10_000;
const SETTLE_POLL_MS = 5;

/**
 * anvil answers eth_sendRawTransaction before its automine has mined the block (measured: 6 to 11 sends in a hundred
 * are not yet in the state a read right after sees, more on a busy machine), so with automine on, reads of what the
 * app sent wait until the pool holds no ready transaction. Queued ones (after a nonce gap) are not waited for: they
 * stay unmined and the assertion shows it.
 */
async function waitUntilMined(control: ReturnType<typeof testControl>): Promise<void> {
  if (!(await control.getAutomine())) return;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const { pending } = await control.getTxpoolStatus();
    if (pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `${pending} transactions sent to the test chain are still not mined after ${SETTLE_TIMEOUT_MS} ms`,
      );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

export async function startTestChain(): Promise<TestChain> {
  const node = await startAnvil({ port: 0, chainId: TEST_CHAIN_ID, mnemonic: TEST_CHAIN_MNEMONIC });
  const rpcUrl = node.rpcUrl;
  const reader = chainReader(TEST_CHAIN_ID, rpcUrl);
  const control = testControl(rpcUrl);
  const funder = mnemonicToAccount(TEST_CHAIN_MNEMONIC, { addressIndex: 0 });
  const wallet = createWalletClient({
    account: funder,
    chain: evmChain(TEST_CHAIN_ID, rpcUrl),
    transport: http(rpcUrl),
  });
  const { abi } = testUsdtArtifact();
  const deploy = async () => {
    const address = await deployTestUsdt(wallet, reader);
    await mined(
      await wallet.writeContract({ address, abi, functionName: 'mint', args: [funder.address, FUNDER_SUPPLY] }),
    );
    return address;
  };
  const mined = async (hash: Hex) => {
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  const token = await deploy();
  return {
    node,
    rpcUrl,
    reader,
    control,
    funder,
    token,
    async send(to, units, tokenAddress = token) {
      const hash = await wallet.writeContract({
        address: tokenAddress,
        abi,
        functionName: 'transfer',
        args: [to, units],
      });
      if (await control.getAutomine()) await mined(hash);
      return hash;
    },
    deployFake: deploy,
    async balanceOf(address, tokenAddress = token) {
      await waitUntilMined(control);
      return (await reader.readContract({
        address: tokenAddress,
        abi,
        functionName: 'balanceOf',
        args: [address],
      })) as bigint;
    },
    async gasBalanceOf(address) {
      await waitUntilMined(control);
      return reader.getBalance({ address });
    },
    async nonceOf(address) {
      await waitUntilMined(control);
      return reader.getTransactionCount({ address });
    },
    async receipt(hash) {
      await waitUntilMined(control);
      return reader.getTransactionReceipt({ hash });
    },
    async mine(blocks) {
      await control.mine({ blocks });
    },
    async head() {
      await waitUntilMined(control);
      return Number(await reader.getBlockNumber({ cacheTime: 0 }));
    },
    stop: () => node.stop(),
  };
}

export const usdt = (whole: number | bigint) => BigInt(whole) * 10n ** 18n;

/** An address nobody on the test chain or in the database has used. */
export const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
