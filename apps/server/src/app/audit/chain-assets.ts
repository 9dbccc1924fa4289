// The reserves' assets, read from the chain: the token balance of the hot wallet and of every user's deposit address
// (a deposit not swept yet is still ours to cover it). Token units are turned into micro-USDT rounded down.
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { Pool } from '@tickline/db';
import { USDT_SCALE } from '@tickline/money';
import { TOKEN_DECIMALS } from '../../services/chain/token.ts';
import type { ReserveAssets } from './reserves.ts';

const TOKEN_UNITS_PER_MICRO = 10n ** BigInt(TOKEN_DECIMALS - USDT_SCALE);
/** Balance reads in flight at once (one JSON-RPC call each). */
const CONCURRENCY = 16;

export interface ChainAssetSource {
  reader: PublicClient;
  tokenAddress: Address;
  hotWalletAddress: Address;
}

export function chainAssetReader(pool: Pool, chain: ChainAssetSource): () => Promise<ReserveAssets> {
  const balanceOf = (address: Address) =>
    chain.reader.readContract({
      address: chain.tokenAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  return async () => {
    const { rows } = await pool.query<{ address: Address }>(
      'SELECT bsc_address AS address FROM users ORDER BY deposit_address_index',
    );
    let depositUnits = 0n;
    for (let start = 0; start < rows.length; start += CONCURRENCY) {
      const balances = await Promise.all(rows.slice(start, start + CONCURRENCY).map((row) => balanceOf(row.address)));
      for (const units of balances) depositUnits += units;
    }
    const hotWalletUnits = await balanceOf(chain.hotWalletAddress);
    return {
      hotWalletMicro: hotWalletUnits / TOKEN_UNITS_PER_MICRO,
      depositAddressesMicro: depositUnits / TOKEN_UNITS_PER_MICRO,
    };
  };
}
