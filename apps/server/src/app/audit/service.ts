// The audit's use cases (#35): the round log's pages, key and signed head; the reserves' snapshots and proofs.
import { auditProofs, reserveSnapshots, type Pool } from '@tickline/db';
import { AppError } from '../../domain/errors.ts';
import { Errors } from '@tickline/protocol';
import type { AuditKeyView, ReservesProofView, ReservesView, RoundLogRecordView } from '@tickline/protocol/routes';
import { ROUND_LOG_GENESIS } from '@tickline/verify';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../context.ts';
import { chainAssetReader } from './chain-assets.ts';
import { AuditKeys } from './keys.ts';
import { ReserveProofs, takeReserveSnapshot, type AssetReader, type SnapshotTimings } from './reserves.ts';
import { extendRoundLog, recordView } from './round-log.ts';

const DEFAULT_PAGE = 100;
const RATIO_SCALE = 1_000_000n;

export interface AuditDeps {
  pool: Pool;
  clock: Clock;
  keys: AuditKeys;
  assets: AssetReader;
  demo: boolean;
}

type SnapshotHeader = NonNullable<Awaited<ReturnType<typeof reserveSnapshots.latestReserveSnapshotHeader>>>;

export function reservesView(header: SnapshotHeader): ReservesView {
  const total = header.hotWalletMicro + header.depositAddressesMicro;
  const sum = header.rootSum;
  return {
    root: { hash: header.rootHash, sum: sum.toString() },
    at: header.takenAtMs,
    assets: {
      hotWallet: header.hotWalletMicro.toString(),
      depositAddresses: header.depositAddressesMicro.toString(),
      total: total.toString(),
    },
    // Rounded down to 6 decimals, in integers; the division's result is small enough for a number.
    ratio: sum === 0n ? null : Number((total * RATIO_SCALE) / sum) / Number(RATIO_SCALE),
    demo: header.demo,
  };
}

export class AuditService {
  readonly proofs: ReserveProofs;

  constructor(private readonly deps: AuditDeps) {
    this.proofs = new ReserveProofs(deps.pool, deps.keys);
  }

  get keys(): AuditKeys {
    return this.deps.keys;
  }

  /** One page of the log; with `round`, that round's record and the one before it (to check its link). */
  async rounds(query: { from?: number; limit?: number; round?: number }): Promise<{ rounds: RoundLogRecordView[] }> {
    if (query.round !== undefined) {
      const record = await auditProofs.roundLogRecordOf(this.deps.pool, query.round);
      if (!record) return { rounds: [] };
      const page = await auditProofs.roundLogPage(this.deps.pool, Math.max(1, record.seq - 1), record.seq > 1 ? 2 : 1);
      return { rounds: page.map(recordView) };
    }
    const page = await auditProofs.roundLogPage(this.deps.pool, query.from ?? 1, query.limit ?? DEFAULT_PAGE);
    return { rounds: page.map(recordView) };
  }

  async key(): Promise<AuditKeyView> {
    const [head, anchor] = await Promise.all([
      auditProofs.roundLogHead(this.deps.pool),
      auditProofs.latestAnchor(this.deps.pool),
    ]);
    const signed = { count: head?.seq ?? 0, hash: head?.hash ?? ROUND_LOG_GENESIS };
    return {
      algorithm: 'Ed25519',
      publicKey: this.deps.keys.publicKeyHex,
      genesis: ROUND_LOG_GENESIS,
      head: { ...signed, signature: this.deps.keys.signHead(signed) },
      anchor: anchor && {
        day: anchor.day,
        seq: anchor.seq,
        hash: anchor.hash,
        chainId: anchor.chainId,
        txHash: anchor.txHash,
      },
    };
  }

  /** Appends the rounds settled since the last run (the `round-log` job). */
  extendLog(): Promise<number> {
    return extendRoundLog(this.deps.pool, this.deps.clock.now());
  }

  /** The newest snapshot; the first is taken at once when there is none yet. */
  async reserves(): Promise<ReservesView> {
    const header = await reserveSnapshots.latestReserveSnapshotHeader(this.deps.pool);
    if (header) return reservesView(header);
    return this.snapshot();
  }

  async snapshot(): Promise<ReservesView & { timings: SnapshotTimings }> {
    const taken = await takeReserveSnapshot(this.deps, this.deps.clock.now());
    const header = await reserveSnapshots.latestReserveSnapshotHeader(this.deps.pool);
    return { ...reservesView(header!), timings: taken.timings };
  }

  async proof(userNo: number): Promise<ReservesProofView> {
    const proof = await this.proofs.proofOf(userNo);
    if (!proof) throw new AppError(Errors.RESERVES_NOT_IN_SNAPSHOT);
    return {
      leaf: { ...proof.leaf, balanceMicro: proof.leaf.balanceMicro.toString() },
      path: proof.path.map((step) => ({ hash: step.hash, sum: step.sum.toString(), side: step.side })),
      root: { hash: proof.root.hash, sum: proof.root.sum.toString() },
    };
  }
}

const services = new WeakMap<AppContext, AuditService>();

/** The audit service of a server (one per app context: the routes and the jobs share its proof cache). */
export function auditServiceOf(ctx: AppContext): AuditService {
  let service = services.get(ctx);
  if (!service) {
    const wallet = ctx.services.wallet ?? null;
    service = new AuditService({
      pool: ctx.pool,
      clock: ctx.clock,
      keys: AuditKeys.fromSecrets(ctx.secrets),
      assets: wallet ? chainAssetReader(ctx.pool, wallet) : null,
      demo: ctx.config.mode === 'demo',
    });
    services.set(ctx, service);
  }
  return service;
}
