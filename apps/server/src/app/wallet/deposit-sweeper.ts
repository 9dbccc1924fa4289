// Sweeping deposit addresses into the hot wallet, so that withdrawals have funds. An address whose completed
// deposits reach the minimum first gets gas from the hot wallet (only when it holds too little BNB/ETH), and only once
// that top-up is confirmed is the token transfer to the hot wallet signed with the address's own key. Every
// transaction is signed and stored in PostgreSQL before it is broadcast (the top-up's nonce allocated with the
// withdrawals' in hot_wallet_nonces); one whose outcome is unknown is sent again as the same bytes, never re-signed.
import { getAddress, type Address, type Hex } from 'viem';
import { depositSweeps, inTransaction, withdrawals, type Pool } from '@tickline/db';
import { formatUsdt, type MicroUsdt } from '@tickline/money';
import type { Clock } from '../../clock.ts';
import type { DepositAddressChain, DepositKeys } from '../../services/chain/deposit-keys.ts';
import { NATIVE_TRANSFER_GAS, TRANSFER_GAS_LIMIT, type HotWallet } from '../../services/chain/hot-wallet.ts';
import { microToTokenUnits, tokenUnitsToMicro } from '../../services/chain/token.ts';
import type { WalletAlerts } from './alerts.ts';

export interface DepositSweeperOptions {
  pool: Pool;
  /** Pays the gas top-ups (nonces from hot_wallet_nonces) and receives the tokens. */
  hotWallet: HotWallet;
  /** Reads of the deposit addresses and the broadcast of their transfers. */
  addresses: DepositAddressChain;
  keys: DepositKeys;
  alerts: WalletAlerts;
  clock: Clock;
  chainId: number;
  /** A top-up is confirmed, and a sweep final, at this many confirmations. */
  confirmations: number;
  /** Addresses are swept once they hold at least this much of completed deposits. */
  minimum: MicroUsdt;
  /** A signed transaction not yet mined is sent again (same bytes) after this long. */
  resendAfterMs?: number;
  /** Addresses a run starts sweeping at most. */
  batchSize?: number;
  /** What a run did, when it did something. */
  log?: (message: string) => void;
}

export interface SweepReport {
  /** Sweeps begun (with a top-up or straight with the transfer). */
  started: number;
  /** Token transfers signed after their top-up was confirmed. */
  transfersSigned: number;
  /** Transactions sent again with their stored bytes. */
  resent: number;
  done: number;
  failed: number;
}

/**
 * The sweep pays up to this many times the gas price of the moment it is planned, so a price that rises while the
 * top-up confirms does not leave the transfer underpriced; the top-up covers it.
 */
const GAS_PRICE_MARGIN = 2n;
const DEFAULT_BATCH = 50;

/** The address got a sweep in flight between the query and the insert: nothing is written (the nonce is unused). */
class AlreadyInFlight extends Error {}

type Planned = depositSweeps.NewSweep & { depositAddress: Address };

export class DepositSweeper {
  /** Conditions alerted once per process (a hot wallet short of gas would otherwise alert every run). */
  private readonly alerted = new Set<string>();

  constructor(private readonly options: DepositSweeperOptions) {}

  private now(): Date {
    return new Date(this.options.clock.now());
  }

  /** One run: follow the sweeps in flight, then start sweeping the addresses that reached the minimum. */
  async tick(): Promise<SweepReport> {
    const report: SweepReport = { started: 0, transfersSigned: 0, resent: 0, done: 0, failed: 0 };
    const head = await this.options.hotWallet.head();
    await this.followInFlight(head, report);
    await this.startNew(head, report);
    if (Object.values(report).some((count) => count > 0))
      this.options.log?.(
        `deposit sweep: ${report.started} started, ${report.transfersSigned} transfers signed, ` +
          `${report.done} done, ${report.failed} failed, ${report.resent} sent again`,
      );
    return report;
  }

  private async followInFlight(head: number, report: SweepReport): Promise<void> {
    const { pool, addresses, confirmations } = this.options;
    const resendAfterMs = this.options.resendAfterMs ?? 30_000;
    for (const row of await depositSweeps.listInFlightSweeps(pool)) {
      const topUp = row.status === 'topup';
      const txHash = (topUp ? row.topupTxHash : row.sweepTxHash) as Hex;
      const receipt = await addresses.receipt(txHash);
      if (!receipt) {
        const due = !row.lastBroadcastAt || this.options.clock.now() - row.lastBroadcastAt.getTime() >= resendAfterMs;
        if (due) {
          await this.send(row.id, (topUp ? row.topupRawTx : row.sweepRawTx) as Hex, topUp ? 'hot' : 'deposit');
          report.resent++;
        }
        continue;
      }
      if (!receipt.success) {
        await this.fail(
          row,
          `${topUp ? 'gas top-up' : 'token transfer'} ${txHash} reverted in block ${receipt.blockNumber}`,
        );
        report.failed++;
        continue;
      }
      if (head - receipt.blockNumber + 1 < confirmations) {
        if ((topUp ? row.topupBlock : row.sweepBlock) !== receipt.blockNumber)
          await depositSweeps.recordMinedBlock(pool, row.id, receipt.blockNumber, this.now());
        continue;
      }
      if (topUp) {
        if (await this.signTransfer(row, receipt.blockNumber)) report.transfersSigned++;
      } else if (await depositSweeps.markSweepDone(pool, row.id, receipt.blockNumber, this.now())) {
        report.done++;
        this.options.log?.(
          `deposit sweep ${row.id}: ${usdtText(BigInt(row.amountUnits))} USDT from ${row.depositAddress} reached the ` +
            `hot wallet (${txHash}, block ${receipt.blockNumber})`,
        );
      }
    }
  }

  /** The top-up is confirmed: the token transfer is signed with the address's key, stored, then broadcast. */
  private async signTransfer(row: depositSweeps.SweepRecord, topupBlock: number): Promise<boolean> {
    const { addresses } = this.options;
    const address = getAddress(row.depositAddress);
    const gasPrice = BigInt(row.gasPrice);
    const gas = await addresses.gasBalance(address);
    if (gas < TRANSFER_GAS_LIMIT * gasPrice)
      throw new Error(`deposit sweep ${row.id}: ${address} holds ${gas} wei after its confirmed top-up, too little`);
    const nonce = await addresses.nonce(address);
    const signed = await this.options.keys.signTokenTransfer({
      index: row.addressIndex,
      expected: address,
      chainId: this.options.chainId,
      token: getAddress(row.tokenAddress),
      to: getAddress(row.hotWallet),
      units: BigInt(row.amountUnits),
      nonce,
      gasPrice,
    });
    const stored = await depositSweeps.storeSweepTransfer(this.options.pool, row.id, {
      nonce,
      ...signed,
      topupBlock,
      now: this.now(),
    });
    if (!stored) return false;
    await this.send(row.id, signed.rawTx, 'deposit');
    return true;
  }

  private async startNew(head: number, report: SweepReport): Promise<void> {
    const { pool, addresses, hotWallet, confirmations } = this.options;
    const finalBlock = head - confirmations + 1;
    if (finalBlock < 0) return;
    const minUnits = microToTokenUnits(this.options.minimum);
    const candidates = await depositSweeps.sweepCandidates(pool, {
      tokenAddress: addresses.tokenAddress,
      minUnits: minUnits.toString(),
      limit: this.options.batchSize ?? DEFAULT_BATCH,
    });
    for (const candidate of candidates) {
      const address = getAddress(candidate.depositAddress);
      // Tokens in final blocks only, and never more than its completed deposits not yet swept: a transfer still
      // confirming (or not yet read by the watcher) stays where it is until it is a completed deposit.
      const onChain = await addresses.tokenBalanceAt(address, finalBlock);
      const unswept = BigInt(candidate.unsweptUnits);
      const units = onChain < unswept ? onChain : unswept;
      if (units < minUnits) continue;
      const price = await hotWallet.gasPrice();
      const gasPrice = price * GAS_PRICE_MARGIN;
      const planned: Planned = {
        depositAddress: address,
        userId: candidate.userId,
        addressIndex: candidate.addressIndex,
        tokenAddress: addresses.tokenAddress,
        hotWallet: hotWallet.address,
        amountUnits: units.toString(),
        gasPrice: gasPrice.toString(),
        now: this.now(),
      };
      const needed = TRANSFER_GAS_LIMIT * gasPrice;
      const gas = await addresses.gasBalance(address);
      const started =
        gas >= needed ? await this.startWithTransfer(planned) : await this.startWithTopUp(planned, needed - gas, price);
      if (started === 'hot-wallet-short') break;
      if (started) report.started++;
    }
  }

  /** A top-up from the hot wallet, its nonce taken from hot_wallet_nonces in the transaction that stores it. */
  private async startWithTopUp(
    planned: Planned,
    value: bigint,
    gasPrice: bigint,
  ): Promise<boolean | 'hot-wallet-short'> {
    const { pool, hotWallet } = this.options;
    const hotGas = await hotWallet.gasBalance();
    if (hotGas < value + NATIVE_TRANSFER_GAS * gasPrice) {
      await this.alertOnce(
        'hot_wallet_gas_short',
        `hot wallet ${hotWallet.address} holds ${hotGas} wei, too little to give ${planned.depositAddress} ${value} wei ` +
          'of gas for its sweep; deposit addresses are not swept until it has gas',
      );
      return 'hot-wallet-short';
    }
    this.alerted.delete('hot_wallet_gas_short');
    const chainNonce = await hotWallet.chainNonce();
    let stored: { id: number; rawTx: Hex; txHash: Hex };
    try {
      stored = await inTransaction(pool, async (db) => {
        const nonce = await withdrawals.allocateNonce(db, hotWallet.address, chainNonce);
        const signed = await hotWallet.signGasTopUp({ to: planned.depositAddress, value, nonce, gasPrice });
        const id = await depositSweeps.insertSweep(db, planned, {
          kind: 'topup',
          value: value.toString(),
          nonce,
          ...signed,
        });
        if (id === null) throw new AlreadyInFlight();
        return { id, ...signed };
      });
    } catch (error) {
      if (error instanceof AlreadyInFlight) return false;
      throw error;
    }
    this.logStart(stored.id, planned, `gas top-up of ${value} wei ${stored.txHash}`);
    await this.send(stored.id, stored.rawTx, 'hot');
    return true;
  }

  /** The address already has gas: the token transfer is signed and stored at once. */
  private async startWithTransfer(planned: Planned): Promise<boolean> {
    const nonce = await this.options.addresses.nonce(planned.depositAddress);
    const signed = await this.options.keys.signTokenTransfer({
      index: planned.addressIndex,
      expected: planned.depositAddress,
      chainId: this.options.chainId,
      token: getAddress(planned.tokenAddress),
      to: getAddress(planned.hotWallet),
      units: BigInt(planned.amountUnits),
      nonce,
      gasPrice: BigInt(planned.gasPrice),
    });
    const id = await depositSweeps.insertSweep(this.options.pool, planned, { kind: 'sweep', nonce, ...signed });
    if (id === null) return false;
    this.logStart(id, planned, `token transfer ${signed.txHash} (it has gas)`);
    await this.send(id, signed.rawTx, 'deposit');
    return true;
  }

  /** Records the attempt, then broadcasts; an unknown outcome is left for a later run to send again. */
  private async send(id: number, rawTx: Hex, from: 'hot' | 'deposit'): Promise<void> {
    await depositSweeps.recordSweepBroadcast(this.options.pool, id, this.now());
    try {
      if (from === 'hot') await this.options.hotWallet.broadcast(rawTx);
      else await this.options.addresses.broadcast(rawTx);
    } catch {
      // Unknown outcome: the same bytes are sent again by a later run until a receipt shows up.
    }
  }

  private async fail(row: depositSweeps.SweepRecord, failure: string): Promise<void> {
    await depositSweeps.markSweepFailed(this.options.pool, row.id, failure, this.now());
    await this.options.alerts.operator(
      'deposit_sweep_failed',
      `deposit sweep ${row.id} of ${row.depositAddress} (user ${row.userId}): ${failure}; the address is not swept ` +
        'again until an operator has looked at it',
    );
  }

  private async alertOnce(kind: string, content: string): Promise<void> {
    if (this.alerted.has(kind)) return;
    this.alerted.add(kind);
    await this.options.alerts.operator(kind, content);
  }

  private logStart(id: number, planned: Planned, first: string): void {
    this.options.log?.(
      `deposit sweep ${id}: ${usdtText(BigInt(planned.amountUnits))} USDT on ${planned.depositAddress} (user ` +
        `${planned.userId}), ${first}`,
    );
  }
}

/**
 * Token units still on deposit addresses: completed deposits less what sweeps took away (done, or mined and not yet
 * final), so a swept deposit is counted on the hot wallet and not here as well.
 */
export async function tokensOnDepositAddresses(pool: Pool, addresses: DepositAddressChain): Promise<bigint> {
  const moved: number[] = [];
  for (const row of await depositSweeps.listInFlightSweeps(pool))
    if (row.status === 'sweep' && (await addresses.receipt(row.sweepTxHash as Hex))?.success) moved.push(row.id);
  return BigInt(await depositSweeps.unsweptUnits(pool, addresses.tokenAddress, moved));
}

function usdtText(units: bigint): string {
  const micro = tokenUnitsToMicro(units);
  return micro ? formatUsdt(micro.micro, 6) : `${units} units of`;
}
