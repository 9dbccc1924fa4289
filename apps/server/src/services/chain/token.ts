// The BEP-20 token the wallet moves: its ABI, unit conversion between the token's 18 decimals and the ledger's
// micro-USDT, and deployment of the test USDT on a local chain.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getAddress, parseAbiItem, type Abi, type Address, type Hex, type PublicClient, type WalletClient } from 'viem';
import { USDT_SCALE } from '@tickline/money';

interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
}

const ARTIFACT_PATH = fileURLToPath(new URL('../../../../../contracts/TestUSDT.json', import.meta.url));

/** ABI and creation code of contracts/TestUSDT.sol, compiled by contracts/build.sh (committed, never built here). */
export function testUsdtArtifact(): ContractArtifact {
  return JSON.parse(readFileSync(ARTIFACT_PATH, 'utf8')) as ContractArtifact;
}

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** USDT on BSC has 18 decimals; the ledger counts micro-USDT (6). */
export const TOKEN_DECIMALS = 18;
const TOKEN_UNITS_PER_MICRO = 10n ** BigInt(TOKEN_DECIMALS - USDT_SCALE);

/** The most one deposit may credit: far above any real transfer, far below the ledger's integer range. */
export const MAX_CREDITABLE_MICRO = 10 ** 15; // a billion USDT

/**
 * Token units to micro-USDT, rounded down (the remainder is never credited, and is recorded). Null beyond
 * MAX_CREDITABLE_MICRO: such an amount is recorded for an operator and never credited.
 */
export function tokenUnitsToMicro(units: bigint): { micro: number; remainder: bigint } | null {
  const micro = units / TOKEN_UNITS_PER_MICRO;
  if (micro > BigInt(MAX_CREDITABLE_MICRO)) return null;
  return { micro: Number(micro), remainder: units % TOKEN_UNITS_PER_MICRO };
}

export function microToTokenUnits(micro: number): bigint {
  if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`bad micro-USDT amount ${micro}`);
  return BigInt(micro) * TOKEN_UNITS_PER_MICRO;
}

/** Deploys a TestUSDT from `wallet`'s account (the minter) and answers its address once mined. */
export async function deployTestUsdt(
  wallet: WalletClient,
  reader: PublicClient,
  options: { name?: string; symbol?: string } = {},
): Promise<Address> {
  const { abi, bytecode } = testUsdtArtifact();
  if (!wallet.account) throw new Error('the deploying wallet client needs an account');
  const hash = await wallet.deployContract({
    abi,
    bytecode,
    args: [options.name ?? 'Tether USD', options.symbol ?? 'USDT'],
    account: wallet.account,
    chain: wallet.chain,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`TestUSDT deployment failed (${hash})`);
  return getAddress(receipt.contractAddress);
}
