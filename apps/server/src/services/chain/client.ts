import { createPublicClient, defineChain, http, type Chain, type PublicClient } from 'viem';

/** A chain described by its id and RPC address only: the platform talks to any EVM JSON-RPC endpoint. */
export function evmChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** Reads of the chain (blocks, logs, receipts, balances) over JSON-RPC; a request times out after 10 s. */
export function chainReader(chainId: number, rpcUrl: string): PublicClient {
  return createPublicClient({ chain: evmChain(chainId, rpcUrl), transport: http(rpcUrl, { timeout: 10_000 }) });
}
