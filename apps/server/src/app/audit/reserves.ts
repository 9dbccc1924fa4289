// Proof of reserves (#35): a snapshot of every user's liability as a Merkle sum tree (leaves in the order of their
// user hashes, so a leaf's place says nothing of who it is), against the token balances on chain of the hot wallet
// and every deposit address. Money stays in bigint micro-USDT throughout; the ratio is display only.
import { reserveSnapshots, type Pool } from '@tickline/db';
import type { AuditKeys } from './keys.ts';
import { MerkleSumTree, type PathStep } from './merkle-sum-tree.ts';

/** What the chain holds for the users, in micro-USDT (token units rounded down: against us, never for us). */
export interface ReserveAssets {
  hotWalletMicro: bigint;
  depositAddressesMicro: bigint;
}

/** Reads the assets; null when no chain is configured (then both are 0). */
export type AssetReader = (() => Promise<ReserveAssets>) | null;

export interface SnapshotDeps {
  pool: Pool;
  keys: AuditKeys;
  assets: AssetReader;
  /** Demo mode: seeded balances are not on chain, the page says so. */
  demo: boolean;
}

export interface SnapshotTimings {
  readMs: number;
  treeMs: number;
  assetsMs: number;
  writeMs: number;
}

/** The tree of a snapshot taken at `takenAtMs`, with each user's leaf index. */
export function buildLiabilityTree(
  keys: AuditKeys,
  takenAtMs: number,
  userNos: readonly number[],
  balances: readonly bigint[],
): { tree: MerkleSumTree; order: number[] } {
  const hashes = userNos.map((userNo) => keys.userHash(takenAtMs, userNo));
  const order = userNos.map((_, index) => index).sort((a, b) => (hashes[a]! < hashes[b]! ? -1 : 1));
  const tree = MerkleSumTree.build(
    order.map((index) => ({ userHash: hashes[index]!, balanceMicro: balances[index]! })),
  );
  return { tree, order };
}

/** Takes a snapshot now and stores it; answers its id and how long each part took. */
export async function takeReserveSnapshot(
  deps: SnapshotDeps,
  takenAtMs: number,
): Promise<{ id: number; timings: SnapshotTimings; tree: MerkleSumTree }> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return Math.round(ms);
  };
  const { userNos, balances } = await reserveSnapshots.readLiabilities(deps.pool);
  const readMs = lap();
  const { tree, order } = buildLiabilityTree(deps.keys, takenAtMs, userNos, balances);
  const treeMs = lap();
  const assets = deps.assets ? await deps.assets() : { hotWalletMicro: 0n, depositAddressesMicro: 0n };
  const assetsMs = lap();
  const id = await reserveSnapshots.insertReserveSnapshot(deps.pool, {
    takenAtMs,
    rootHash: tree.root.hash,
    rootSum: tree.root.sum,
    userNos: order.map((index) => userNos[index]!),
    balances: order.map((index) => balances[index]!),
    ...assets,
    demo: deps.demo,
  });
  return { id, timings: { readMs, treeMs, assetsMs, writeMs: lap() }, tree };
}

export interface UserProof {
  leaf: { userHash: string; nonce: string; balanceMicro: bigint };
  path: PathStep[];
  root: { hash: string; sum: bigint };
}

/**
 * Proofs of the stored snapshots. The newest snapshot's tree is rebuilt once from its stored leaves and kept (one
 * per process), so each proof is a walk up its levels.
 */
export class ReserveProofs {
  private cached: { id: number; tree: MerkleSumTree; leafOf: Map<number, number>; snapshot: Snapshot } | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly keys: AuditKeys,
  ) {}

  /** The caller's proof in the newest snapshot; null before the first snapshot or for a user not in it. */
  async proofOf(userNo: number): Promise<UserProof | null> {
    const header = await reserveSnapshots.latestReserveSnapshotHeader(this.pool);
    if (!header) return null;
    const cached = await this.treeOf(header.id);
    const index = cached?.leafOf.get(userNo);
    if (!cached || index === undefined) return null;
    const { takenAtMs } = cached.snapshot;
    return {
      leaf: {
        userHash: this.keys.userHash(takenAtMs, userNo),
        nonce: this.keys.nonce(takenAtMs, userNo),
        balanceMicro: cached.snapshot.balances[index]!,
      },
      path: cached.tree.path(index),
      root: cached.tree.root,
    };
  }

  private async treeOf(id: number) {
    if (this.cached?.id === id) return this.cached;
    const snapshot = await reserveSnapshots.reserveSnapshot(this.pool, id);
    if (!snapshot) return null;
    const hashes = snapshot.userNos.map((userNo) => this.keys.userHash(snapshot.takenAtMs, userNo));
    const tree = MerkleSumTree.build(hashes.map((userHash, i) => ({ userHash, balanceMicro: snapshot.balances[i]! })));
    if (tree.root.hash !== snapshot.rootHash) throw new Error(`reserve snapshot ${id} does not rebuild to its root`);
    const leafOf = new Map(snapshot.userNos.map((userNo, index) => [userNo, index]));
    this.cached = { id, tree, leafOf, snapshot };
    return this.cached;
  }
}

type Snapshot = reserveSnapshots.ReserveSnapshot;
