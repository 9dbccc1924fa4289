// The default mode's chain: anvil started by the platform with its state in DATA_DIR/chain, a test USDT deployed
// once, the hot wallet given gas and a float, and a funded faucet account for "send test USDT" in the demo.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createWalletClient, http, parseEther, type Address, type PublicClient } from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { startAnvil } from './anvil.ts';
import { chainReader, evmChain } from './client.ts';
import { deployTestUsdt, microToTokenUnits, testUsdtArtifact } from './token.ts';

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  /** Holds the test USDT supply and gas: the demo faucet sends from it. */
  faucet: HDAccount;
  stop(): Promise<void>;
}

interface Deployment {
  chainId: number;
  tokenAddress: Address;
}

const BLOCK_TIME_SECONDS = 1;
/**
 * The local chain's funded accounts (public, like anvil's own): a BIP-39 test vector rather than anvil's default
 * mnemonic, which the tests use for deposit addresses — a funded account must never be a user's deposit address.
 */
export const LOCAL_CHAIN_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
/** A trillion test USDT (18 decimals) minted to the faucet at deployment. */
const FAUCET_SUPPLY_UNITS = 10n ** 30n;
/** The hot wallet is topped up to this at start when below it (demo only). */
const HOT_WALLET_FLOAT_MICRO = 1_000_000 * 1_000_000;
const HOT_WALLET_GAS = parseEther('100');

export async function startLocalChain(options: {
  dataDir: string;
  port: number;
  chainId: number;
  hotWallet: Address;
}): Promise<LocalChain> {
  const folder = path.join(options.dataDir, 'chain');
  const node = await startAnvil({
    port: options.port,
    chainId: options.chainId,
    blockTimeSeconds: BLOCK_TIME_SECONDS,
    mnemonic: LOCAL_CHAIN_MNEMONIC,
    stateFile: path.join(folder, 'anvil-state.json'),
  });
  try {
    const reader = chainReader(options.chainId, node.rpcUrl);
    const faucet = mnemonicToAccount(LOCAL_CHAIN_MNEMONIC, { addressIndex: 0 });
    const tokenAddress = await ensureToken(reader, node.rpcUrl, options.chainId, faucet, folder);
    await fundHotWallet(reader, node.rpcUrl, options.chainId, faucet, tokenAddress, options.hotWallet);
    return { rpcUrl: node.rpcUrl, chainId: options.chainId, tokenAddress, faucet, stop: () => node.stop() };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** The deployed token from DATA_DIR/chain/deployment.json when its code is still on the chain; else a new one. */
async function ensureToken(
  reader: PublicClient,
  rpcUrl: string,
  chainId: number,
  faucet: HDAccount,
  folder: string,
): Promise<Address> {
  const file = path.join(folder, 'deployment.json');
  const known = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Deployment,
    () => null,
  );
  if (known?.chainId === chainId && (await reader.getCode({ address: known.tokenAddress }))) return known.tokenAddress;
  const wallet = createWalletClient({ account: faucet, chain: evmChain(chainId, rpcUrl), transport: http(rpcUrl) });
  const tokenAddress = await deployTestUsdt(wallet, reader);
  const hash = await wallet.writeContract({
    address: tokenAddress,
    abi: testUsdtArtifact().abi,
    functionName: 'mint',
    args: [faucet.address, FAUCET_SUPPLY_UNITS],
  });
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 200 });
  await writeFile(file, `${JSON.stringify({ chainId, tokenAddress } satisfies Deployment, null, 2)}\n`);
  return tokenAddress;
}

async function fundHotWallet(
  reader: PublicClient,
  rpcUrl: string,
  chainId: number,
  faucet: HDAccount,
  tokenAddress: Address,
  hotWallet: Address,
): Promise<void> {
  const wallet = createWalletClient({ account: faucet, chain: evmChain(chainId, rpcUrl), transport: http(rpcUrl) });
  if ((await reader.getBalance({ address: hotWallet })) < HOT_WALLET_GAS / 2n) {
    const hash = await wallet.sendTransaction({ to: hotWallet, value: HOT_WALLET_GAS });
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 200 });
  }
  const abi = testUsdtArtifact().abi;
  const float = microToTokenUnits(HOT_WALLET_FLOAT_MICRO);
  const held = (await reader.readContract({
    address: tokenAddress,
    abi,
    functionName: 'balanceOf',
    args: [hotWallet],
  })) as bigint;
  if (held < float / 10n) {
    const hash = await wallet.writeContract({
      address: tokenAddress,
      abi,
      functionName: 'transfer',
      args: [hotWallet, float - held],
    });
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 200 });
  }
}
