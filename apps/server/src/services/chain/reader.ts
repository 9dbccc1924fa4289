import type { Address, Hex, PublicClient } from 'viem';
import { TRANSFER_EVENT } from './token.ts';

export interface ChainBlock {
  number: number;
  hash: Hex;
  parentHash: Hex;
}

/** One ERC-20 Transfer log (any token contract) to one of the watched addresses. */
export interface TokenTransfer {
  txHash: Hex;
  logIndex: number;
  blockNumber: number;
  blockHash: Hex;
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/** An `eth_getLogs` topic list this long is accepted by common providers; more addresses take more calls. */
const ADDRESSES_PER_LOG_QUERY = 256;
const BLOCKS_FETCHED_AT_ONCE = 16;

/** The deposit watcher's reads of the chain, over any EVM JSON-RPC endpoint. */
export class ChainWatchReader {
  constructor(private readonly client: PublicClient) {}

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  /** The canonical block at `number`, or null when the chain is not that long. */
  async block(number: number): Promise<ChainBlock | null> {
    try {
      const block = await this.client.getBlock({ blockNumber: BigInt(number) });
      if (!block.hash) return null;
      return { number, hash: block.hash, parentHash: block.parentHash };
    } catch (error) {
      if ((error as Error).name === 'BlockNotFoundError') return null;
      throw error;
    }
  }

  async blocks(from: number, to: number): Promise<Array<ChainBlock | null>> {
    const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
    const found: Array<ChainBlock | null> = [];
    for (let i = 0; i < numbers.length; i += BLOCKS_FETCHED_AT_ONCE)
      found.push(...(await Promise.all(numbers.slice(i, i + BLOCKS_FETCHED_AT_ONCE).map((n) => this.block(n)))));
    return found;
  }

  /**
   * Transfer logs of every token contract to `addresses` in [from, to], filtered by the indexed `to` topic, so
   * other tokens sent to a user are seen too. Logs that are not ERC-20 Transfers (an ERC-721 Transfer has the same
   * signature with the id indexed) do not decode and are left out.
   */
  async transfersTo(addresses: readonly Address[], from: number, to: number): Promise<TokenTransfer[]> {
    const chunks: Address[][] = [];
    for (let i = 0; i < addresses.length; i += ADDRESSES_PER_LOG_QUERY)
      chunks.push(addresses.slice(i, i + ADDRESSES_PER_LOG_QUERY) as Address[]);
    const results = await Promise.all(
      chunks.map((chunk) =>
        this.client.getLogs({
          event: TRANSFER_EVENT,
          args: { to: chunk },
          fromBlock: BigInt(from),
          toBlock: BigInt(to),
          strict: true,
        }),
      ),
    );
    const transfers: TokenTransfer[] = [];
    for (const log of results.flat()) {
      if (log.blockNumber === null || log.blockHash === null || log.transactionHash === null) continue;
      if (log.logIndex === null || log.topics.length !== 3) continue;
      transfers.push({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash,
        token: log.address,
        from: log.args.from,
        to: log.args.to,
        value: log.args.value,
      });
    }
    return transfers.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  }
}
