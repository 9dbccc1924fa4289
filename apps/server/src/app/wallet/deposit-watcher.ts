// The deposit watcher: reads Transfer logs to users' deposit addresses in bounded, resumable block ranges, follows
// the chain through reorganisations (ponder's model: keep the unfinalised blocks' hashes, walk back to the common
// ancestor on a mismatch) and credits each deposit once it is final — through the ledger, exactly once per log and
// block, taking back a credit whose block is gone.
import { getAddress, type Address } from 'viem';
import { chainDeposits, chainWatch, inTransaction, type Pool } from '@tickline/db';
import { formatUsdt, type MicroUsdt } from '@tickline/money';
import type { Clock } from '../../clock.ts';
import type { ChainBlock, ChainWatchReader, TokenTransfer } from '../../services/chain/reader.ts';
import { tokenUnitsToMicro } from '../../services/chain/token.ts';
import type { WalletAlerts } from './alerts.ts';
import { applied, type WalletLedger } from './ports.ts';

export interface DepositWatcherOptions {
  pool: Pool;
  reader: ChainWatchReader;
  ledger: WalletLedger;
  alerts: WalletAlerts;
  clock: Clock;
  /** The real USDT contract: only its transfers are credited. */
  tokenAddress: Address;
  /** A deposit is final once its block has this many confirmations (the block itself counts one). */
  confirmations: number;
  /** Deposits below this are recorded and not credited. */
  dustMinimum: MicroUsdt;
  /** Blocks read per `eth_getLogs` range. */
  maxBlocksPerRead?: number;
  /** Where a watcher with no cursor starts: 'head' (a new platform on a long chain) or a block number. */
  startBlock?: number | 'head';
}

export interface WatcherTickReport {
  head: number;
  reorgedFrom: number | null;
  recorded: number;
  credited: number;
  reversed: number;
}

const CURSOR_NAME = 'deposits';
/** Blocks kept beyond finality, so a credit reorganised away after it was made is still found and reversed. */
const EXTRA_BLOCKS_KEPT = 64;
/** Ranges read in one tick while catching up (the rest waits for the next tick). */
const MAX_READS_PER_TICK = 20;
/** Credits submitted to the ledger together. */
const CREDITS_AT_ONCE = 1000;

/** The ledger's key of one credit: a log in one block (a log re-included in another block is another credit). */
export const depositKey = (row: { txHash: string; logIndex: number }, blockHash: string) =>
  `${row.txHash}:${row.logIndex}:${blockHash}`;

export class DepositWatcher {
  private readonly maxBlocksPerRead: number;
  private readonly keptBlocks: number;
  /** Reversals the ledger refused, alerted once per process. */
  private readonly refusalsAlerted = new Set<string>();

  constructor(private readonly options: DepositWatcherOptions) {
    this.maxBlocksPerRead = options.maxBlocksPerRead ?? 500;
    this.keptBlocks = options.confirmations + EXTRA_BLOCKS_KEPT;
  }

  /** The chain's head as the node reports it now (for confirmations shown before the first tick). */
  async lastHead(): Promise<number | null> {
    return this.options.reader.head().catch(() => null);
  }

  /** One pass: follow reorganisations, read new blocks, then credit what became final and reverse what left. */
  async tick(): Promise<WatcherTickReport> {
    const report: WatcherTickReport = { head: 0, reorgedFrom: null, recorded: 0, credited: 0, reversed: 0 };
    report.head = await this.options.reader.head();
    report.reorgedFrom = await this.reconcile();
    for (let read = 0; read < MAX_READS_PER_TICK; read++) {
      const recorded = await this.readNextRange(report.head);
      if (recorded === null) break;
      report.recorded += recorded;
    }
    report.reversed = await this.reverseCreditsThatLeft();
    report.credited = await this.settleFinal(report.head);
    return report;
  }

  private now(): Date {
    return new Date(this.options.clock.now());
  }

  /**
   * Compares the stored blocks with the chain, highest first (each hash commits to its parent, so the first match
   * is the common ancestor). Deposits above it are reverted and the cursor goes back to read the new blocks.
   * Answers the first block no longer on the chain, or null.
   */
  private async reconcile(): Promise<number | null> {
    const { pool, reader } = this.options;
    const stored = await chainWatch.storedBlocksDescending(pool, this.keptBlocks + this.maxBlocksPerRead);
    if (stored.length === 0) return null;
    let ancestor: number | null = null;
    for (const block of stored) {
      const canonical = await reader.block(block.number);
      if (canonical?.hash === block.hash) {
        ancestor = block.number;
        break;
      }
    }
    if (ancestor === stored[0]!.number) return null;
    const lowest = stored[stored.length - 1]!;
    // The block below the lowest one kept is the ancestor when it is still the lowest one's parent.
    if (ancestor === null && (await reader.block(lowest.number - 1))?.hash === lowest.parentHash)
      ancestor = lowest.number - 1;
    if (ancestor === null) {
      ancestor = lowest.number - 1;
      await this.options.alerts.operator(
        'deep_reorg',
        `the chain reorganised below block ${ancestor + 1}, deeper than the ${stored.length} blocks kept: deposits ` +
          'credited below it were not re-checked',
      );
    }
    const from = ancestor + 1;
    await inTransaction(pool, async (db) => {
      await chainDeposits.revertDepositsAbove(db, ancestor, this.now());
      await chainWatch.deleteBlocksAbove(db, ancestor);
      await chainWatch.writeCursor(db, CURSOR_NAME, from, this.now());
    });
    return from;
  }

  /** Reads one range after the cursor; null when caught up (or when the range must be read again next tick). */
  private async readNextRange(head: number): Promise<number | null> {
    const { pool, reader } = this.options;
    const cursor = (await chainWatch.readCursor(pool, CURSOR_NAME)) ?? this.startBlock(head);
    if (cursor > head) return null;
    const to = Math.min(head, cursor + this.maxBlocksPerRead - 1);
    const users = await this.depositAddresses();
    const transfers = await reader.transfersTo([...users.keys()], cursor, to);
    // Blocks that may still be reorganised away are kept with their hashes.
    const keepFrom = Math.max(cursor, head - this.keptBlocks + 1);
    const blocks = keepFrom <= to ? await reader.blocks(keepFrom, to) : [];
    if (!this.consistent(transfers, blocks, keepFrom, await this.storedTop())) return null;
    const deposits = transfers.map((transfer) => this.observed(transfer, users));
    await inTransaction(pool, async (db) => {
      await chainDeposits.recordObservedDeposits(db, deposits, this.now());
      await chainWatch.storeBlocks(db, blocks as ChainBlock[]);
      await chainWatch.writeCursor(db, CURSOR_NAME, to + 1, this.now());
      await chainWatch.pruneBlocksBelow(db, head - this.keptBlocks + 1);
    });
    return deposits.length;
  }

  private startBlock(head: number): number {
    const start = this.options.startBlock ?? 0;
    return start === 'head' ? head : start;
  }

  private async storedTop(): Promise<ChainBlock | undefined> {
    const [top] = await chainWatch.storedBlocksDescending(this.options.pool, 1);
    return top as ChainBlock | undefined;
  }

  /**
   * The blocks and logs must describe one chain: each block's parent is the block before it (the first one's is
   * the stored top), and each log's block hash is its block's. A reorganisation between the reads breaks this:
   * nothing is stored, and the next tick finds the reorganisation.
   */
  private consistent(
    transfers: readonly TokenTransfer[],
    blocks: ReadonlyArray<ChainBlock | null>,
    keepFrom: number,
    storedTop: ChainBlock | undefined,
  ): boolean {
    let previous = storedTop?.number === keepFrom - 1 ? storedTop : undefined;
    for (const block of blocks) {
      if (!block) return false;
      if (previous && block.parentHash !== previous.hash) return false;
      previous = block;
    }
    const hashes = new Map(blocks.map((block) => [block!.number, block!.hash]));
    return transfers.every((t) => t.blockNumber < keepFrom || hashes.get(t.blockNumber) === t.blockHash);
  }

  private observed(transfer: TokenTransfer, users: ReadonlyMap<Address, number>): chainDeposits.ObservedDeposit {
    const realToken = transfer.token.toLowerCase() === this.options.tokenAddress.toLowerCase();
    const units = realToken ? tokenUnitsToMicro(transfer.value) : null;
    const { micro, remainder } = units ?? { micro: 0, remainder: transfer.value };
    let kind: chainDeposits.DepositKind = 'deposit';
    if (!realToken) kind = 'foreign_token';
    else if (!units) kind = 'too_large';
    else if (micro < this.options.dustMinimum) kind = 'dust';
    return {
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      tokenAddress: getAddress(transfer.token),
      fromAddress: getAddress(transfer.from),
      toAddress: getAddress(transfer.to),
      userId: users.get(getAddress(transfer.to))!,
      amountUnits: transfer.value.toString(),
      amount: micro,
      remainderUnits: remainder.toString(),
      kind,
    };
  }

  private async depositAddresses(): Promise<Map<Address, number>> {
    const result = await this.options.pool.query<{ id: number; bsc_address: string }>(
      'SELECT id, bsc_address FROM users',
    );
    return new Map(result.rows.map((row) => [getAddress(row.bsc_address), row.id]));
  }

  /** Takes back every standing credit whose deposit was reverted or moved to another block. */
  private async reverseCreditsThatLeft(): Promise<number> {
    const { pool, ledger, alerts } = this.options;
    let reversed = 0;
    for (const row of await chainDeposits.creditsToReverse(pool)) {
      const key = depositKey(row, row.creditedBlockHash!);
      const outcome = await ledger.reverseDeposit({ userId: row.userId, amount: row.amount, depositKey: key });
      if (!applied(outcome)) {
        if (!this.refusalsAlerted.has(key)) {
          this.refusalsAlerted.add(key);
          await alerts.operator(
            'deposit_reversal_refused',
            `deposit ${row.txHash}#${row.logIndex} of user ${row.userId} was reorganised away after its credit, and ` +
              `the ledger refused to take back ${formatUsdt(row.amount, 6)} USDT (${(outcome as { reason?: string }).reason})`,
          );
        }
        continue;
      }
      await chainDeposits.markCreditReversed(pool, row.id, row.creditedBlockHash!, this.now());
      reversed++;
      await alerts.operator(
        'deposit_reversed',
        `deposit ${row.txHash}#${row.logIndex} of user ${row.userId} (${formatUsdt(row.amount, 6)} USDT) left the ` +
          `chain after it was credited in block ${row.creditedBlockHash}: the credit was taken back`,
      );
      await alerts.user(
        row.userId,
        `Your deposit of ${formatUsdt(row.amount, 6)} USDT (${row.txHash}) was reversed: its block is no longer on the chain.`,
      );
    }
    return reversed;
  }

  /**
   * Credits deposits whose block is final and still the chain's; closes final dust and other-token rows. Credits
   * are submitted together (the sequencer commits them in a few batches) and their rows completed in one statement.
   */
  private async settleFinal(head: number): Promise<number> {
    const { pool, reader, ledger } = this.options;
    const finalBlock = head - this.options.confirmations + 1;
    const rows = await chainDeposits.depositsReachingFinality(pool, finalBlock);
    const canonical = new Map<number, string | undefined>();
    for (const blockNumber of new Set(rows.map((row) => row.blockNumber)))
      canonical.set(blockNumber, (await reader.block(blockNumber))?.hash);
    // Gone or moved since it was read: the next tick's reconciliation reverts it.
    const standing = rows.filter((row) => canonical.get(row.blockNumber) === row.blockHash);
    for (const row of standing.filter((r) => r.kind !== 'deposit'))
      await chainDeposits.markDepositCompleted(pool, row.id, row.blockHash, false, this.now());
    // A row whose earlier credit still waits to be reversed is credited again only after that.
    const creditable = standing.filter((row) => row.kind === 'deposit' && row.creditedBlockHash === null);
    let credited = 0;
    for (let i = 0; i < creditable.length; i += CREDITS_AT_ONCE) {
      const chunk = creditable.slice(i, i + CREDITS_AT_ONCE);
      const outcomes = await Promise.all(
        chunk.map((row) =>
          ledger.creditDeposit({ userId: row.userId, amount: row.amount, depositKey: depositKey(row, row.blockHash) }),
        ),
      );
      const refused = chunk.find((_, index) => !applied(outcomes[index]!));
      const done = chunk.filter((_, index) => applied(outcomes[index]!));
      credited += await chainDeposits.markDepositsCredited(pool, done, this.now());
      if (refused) throw new Error(`the ledger refused deposit credit ${depositKey(refused, refused.blockHash)}`);
    }
    return credited;
  }
}
