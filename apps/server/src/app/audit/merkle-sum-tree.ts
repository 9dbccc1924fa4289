// The Merkle sum tree of users' liabilities (#35): leaf = sha256hex(userHash|balanceMicro), parent =
// sha256hex(leftHash|leftSum|rightHash|rightSum) with sum = leftSum + rightSum, padded with zero leaves to a power
// of two. Built with node:crypto (synchronous, 100,000 users in well under a second); the texts are the verifier's.
import { hash } from 'node:crypto';
import { leafText, PADDING_USER_HASH, parentText, type SumNode } from '@tickline/verify';

/** SHA-256 of the text's UTF-8, hex (node:crypto's one-shot hash: about five times faster than createHash here). */
export function sha256hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export interface SumLeaf {
  userHash: string;
  balanceMicro: bigint;
}

export interface PathStep {
  hash: string;
  sum: bigint;
  /** Where the sibling sits. */
  side: 'left' | 'right';
}

/** A built tree: its levels from the leaves (level 0) up to the root (the last level, one node). */
export class MerkleSumTree {
  private constructor(private readonly levels: SumNode[][]) {}

  /** Builds the tree over the leaves in their order; balances must be whole and non-negative. */
  static build(leaves: readonly SumLeaf[]): MerkleSumTree {
    let width = 1;
    while (width < leaves.length) width *= 2;
    const padding: SumNode = { hash: sha256hex(leafText(PADDING_USER_HASH, 0n)), sum: 0n };
    const level: SumNode[] = new Array<SumNode>(width);
    for (let index = 0; index < width; index += 1) {
      const leaf = leaves[index];
      if (!leaf) {
        level[index] = padding;
        continue;
      }
      if (leaf.balanceMicro < 0n) throw new RangeError(`a liability is negative: ${leaf.balanceMicro}`);
      level[index] = { hash: sha256hex(leafText(leaf.userHash, leaf.balanceMicro)), sum: leaf.balanceMicro };
    }
    const levels = [level];
    // The padding's subtrees are all alike: each level's is hashed once (a quarter of the work at 100,000 users).
    let paddingBelow = padding;
    for (let below = level; below.length > 1;) {
      const above = new Array<SumNode>(below.length / 2);
      const paddingAbove: SumNode = { hash: sha256hex(parentText(paddingBelow, paddingBelow)), sum: 0n };
      for (let index = 0; index < above.length; index += 1) {
        const left = below[2 * index]!;
        const right = below[2 * index + 1]!;
        above[index] =
          left === paddingBelow && right === paddingBelow
            ? paddingAbove
            : { hash: sha256hex(parentText(left, right)), sum: left.sum + right.sum };
      }
      paddingBelow = paddingAbove;
      levels.push(above);
      below = above;
    }
    return new MerkleSumTree(levels);
  }

  get root(): SumNode {
    return this.levels[this.levels.length - 1]![0]!;
  }

  get leafCount(): number {
    return this.levels[0]!.length;
  }

  /** The siblings from leaf `index` up to (not including) the root. */
  path(index: number): PathStep[] {
    if (!Number.isInteger(index) || index < 0 || index >= this.leafCount) throw new RangeError(`no leaf ${index}`);
    const steps: PathStep[] = [];
    let at = index;
    for (const level of this.levels.slice(0, -1)) {
      const siblingIndex = at ^ 1;
      const sibling = level[siblingIndex]!;
      steps.push({ hash: sibling.hash, sum: sibling.sum, side: siblingIndex < at ? 'left' : 'right' });
      at >>= 1;
    }
    return steps;
  }
}
