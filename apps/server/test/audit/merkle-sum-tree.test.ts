// The Merkle sum tree of the proof of reserves (#35), property-tested: every leaf's path climbs to the root through
// the browser's and the command line's verifier; a changed balance, sum or hash breaks it; sums are exact bigints.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyReservesProof, type ReservesProof } from '@tickline/verify';
import { MerkleSumTree, sha256hex, type SumLeaf } from '../../src/app/audit/merkle-sum-tree.ts';
import { AuditKeys } from '../../src/app/audit/keys.ts';
import { buildLiabilityTree } from '../../src/app/audit/reserves.ts';

const balance = fc.oneof(
  fc.constant(0n),
  fc.bigInt({ min: 0n, max: 2n ** 64n }),
  fc.bigInt({ min: 0n, max: 10n ** 12n }),
);
const leaves = fc.array(fc.record({ userHash: fc.stringMatching(/^[0-9a-f]{64}$/), balanceMicro: balance }), {
  minLength: 1,
  maxLength: 40,
});

function proofOf(tree: MerkleSumTree, leaf: SumLeaf, index: number): ReservesProof {
  return {
    leaf: { userHash: leaf.userHash, nonce: 'n', balanceMicro: leaf.balanceMicro.toString() },
    path: tree.path(index).map((step) => ({ hash: step.hash, sum: step.sum.toString(), side: step.side })),
    root: { hash: tree.root.hash, sum: tree.root.sum.toString() },
  };
}

describe('Merkle sum tree', () => {
  it('climbs from every leaf to the root, whose sum is the exact total', async () => {
    await fc.assert(
      fc.asyncProperty(leaves, async (list) => {
        const tree = MerkleSumTree.build(list);
        expect(tree.root.sum).toBe(list.reduce((sum, leaf) => sum + leaf.balanceMicro, 0n));
        expect(tree.leafCount).toBe(2 ** Math.ceil(Math.log2(list.length)));
        for (const [index, leaf] of list.entries()) {
          const check = await verifyReservesProof(proofOf(tree, leaf, index));
          expect(check).toEqual({ ok: true, root: { hash: tree.root.hash, sum: tree.root.sum.toString() } });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('breaks when a balance, a sibling sum, a sibling hash or a side is changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        leaves.filter((list) => list.length >= 2),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.nat(),
        async (list, pick, delta, stepPick) => {
          const tree = MerkleSumTree.build(list);
          const index = pick % list.length;
          const proof = proofOf(tree, list[index]!, index);
          const step = stepPick % proof.path.length;
          const richer = structuredClone(proof);
          richer.leaf.balanceMicro = (BigInt(proof.leaf.balanceMicro) + delta).toString();
          expect((await verifyReservesProof(richer)).ok).toBe(false);
          const poorer = structuredClone(proof);
          poorer.path[step]!.sum = (BigInt(proof.path[step]!.sum) + delta).toString();
          expect((await verifyReservesProof(poorer)).ok).toBe(false);
          // Moving value from a sibling to the leaf keeps the total but not the hashes.
          const shifted = structuredClone(proof);
          if (BigInt(proof.path[step]!.sum) >= delta) {
            shifted.path[step]!.sum = (BigInt(proof.path[step]!.sum) - delta).toString();
            shifted.leaf.balanceMicro = (BigInt(proof.leaf.balanceMicro) + delta).toString();
            expect((await verifyReservesProof(shifted)).ok).toBe(false);
          }
          const rehashed = structuredClone(proof);
          rehashed.path[step]!.hash = sha256hex(rehashed.path[step]!.hash);
          expect((await verifyReservesProof(rehashed)).ok).toBe(false);
          const flipped = structuredClone(proof);
          flipped.path[step]!.side = flipped.path[step]!.side === 'left' ? 'right' : 'left';
          expect((await verifyReservesProof(flipped)).ok).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('refuses a negative liability and a negative sum in a proof', async () => {
    expect(() => MerkleSumTree.build([{ userHash: '0'.repeat(64), balanceMicro: -1n }])).toThrow(RangeError);
    const tree = MerkleSumTree.build([
      { userHash: 'a'.repeat(64), balanceMicro: 5n },
      { userHash: 'b'.repeat(64), balanceMicro: 7n },
    ]);
    const proof = proofOf(tree, { userHash: 'a'.repeat(64), balanceMicro: 5n }, 0);
    proof.path[0]!.sum = '-7';
    expect(await verifyReservesProof(proof)).toMatchObject({ ok: false });
  });

  it("orders leaves by user hash and ties each leaf to its user with the user's nonce", async () => {
    const keys = new AuditKeys(Buffer.alloc(32, 7));
    const userNos = [5, 1, 9, 3];
    const balances = [50n, 10n, 90n, 30n];
    const { tree, order } = buildLiabilityTree(keys, 1_000, userNos, balances);
    const hashes = order.map((index) => keys.userHash(1_000, userNos[index]!));
    expect([...hashes].sort()).toEqual(hashes);
    expect(tree.root.sum).toBe(180n);
    for (const [position, index] of order.entries()) {
      const userNo = userNos[index]!;
      const proof = proofOf(tree, { userHash: hashes[position]!, balanceMicro: balances[index]! }, position);
      proof.leaf.nonce = keys.nonce(1_000, userNo);
      expect((await verifyReservesProof(proof, userNo)).ok).toBe(true);
      expect((await verifyReservesProof(proof, userNo + 100)).ok).toBe(false);
    }
    // A new snapshot gives every user a new nonce: leaves do not link across snapshots.
    expect(keys.nonce(2_000, 5)).not.toBe(keys.nonce(1_000, 5));
  });
});
