import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { partners } from '@tickline/db';
import { dailyShares, withCarry } from '../../src/app/partners/shares.ts';
import { ReferralTree } from '../../src/app/partners/tree.ts';

const user = (id: number, referrerId: number | null, level: number, feeRateBps: number): partners.TreeUser => ({
  id,
  referrerId,
  level,
  feeRateBps,
  parentsDistributePercent: 0,
  name: `u${id}`,
  userid: `u${id}@example.com`,
  phone: '010',
  referralCode: `C${id}`,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** A random tree: user i refers to an earlier user (or none); random levels 1–7 and rates 0–100 %. */
const trees = fc
  .array(
    fc.record({
      parent: fc.nat(),
      hasParent: fc.boolean(),
      level: fc.integer({ min: 1, max: 7 }),
      rate: fc.integer({ min: 0, max: 10_000 }),
    }),
    {
      minLength: 1,
      maxLength: 40,
    },
  )
  .map((nodes) =>
    nodes.map((node, index) =>
      user(index + 1, index > 0 && node.hasParent ? (node.parent % index) + 1 : null, node.level, node.rate),
    ),
  );
const revenues = (size: number) =>
  fc.array(fc.tuple(fc.integer({ min: 1, max: size }), fc.integer({ min: -(10 ** 10), max: 10 ** 10 })), {
    maxLength: 30,
  });

/** The same shares written the other way round: for each partner, down its subtree, member by member. */
function referenceShares(tree: ReferralTree, revenue: ReadonlyMap<number, number>): Map<number, bigint> {
  const result = new Map<number, bigint>();
  for (const partner of tree.users.filter((u) => u.level >= 2)) {
    let weighted = 0n;
    for (const member of tree.downline(partner.id)) {
      const amount = revenue.get(member.id) ?? 0;
      if (amount === 0) continue;
      // The highest rate of the partners strictly between the member and this partner.
      const between = tree.ancestors(member.id).filter((a) => a.level >= 2);
      const below = between.slice(
        0,
        between.findIndex((a) => a.id === partner.id),
      );
      const highest = Math.max(0, ...below.map((a) => a.feeRateBps));
      weighted += BigInt(Math.max(0, partner.feeRateBps - highest)) * BigInt(amount);
    }
    if (weighted !== 0n) result.set(partner.id, weighted);
  }
  return result;
}

const floorDiv = (n: bigint, d: bigint) => (n % d !== 0n && n < 0n ? n / d - 1n : n / d);

describe('partner shares (PRODUCT.md §7)', () => {
  it('each share is the partner differential over its downline, rounded down', () => {
    fc.assert(
      fc.property(
        trees.chain((nodes) => fc.tuple(fc.constant(nodes), revenues(nodes.length))),
        ([nodes, pairs]) => {
          const tree = new ReferralTree(nodes);
          const revenue = new Map<number, number>();
          for (const [id, amount] of pairs) revenue.set(id, (revenue.get(id) ?? 0) + amount);
          const shares = dailyShares(tree, revenue);
          const reference = referenceShares(tree, revenue);
          for (const [partnerId, weighted] of reference)
            expect(shares.get(partnerId)?.share ?? 0, `partner ${partnerId}`).toBe(Number(floorDiv(weighted, 10_000n)));
          for (const [partnerId, day] of shares)
            if (!reference.has(partnerId)) expect(day.share, `partner ${partnerId} with nothing`).toBe(0);
        },
      ),
    );
  });

  it('the shares of one member never add up to more than the top rate on its chain × its revenue', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 1, max: 10 ** 10 }), fc.nat(), (nodes, amount, pick) => {
        const tree = new ReferralTree(nodes);
        const member = nodes[pick % nodes.length]!;
        const shares = dailyShares(tree, new Map([[member.id, amount]]));
        const total = [...shares.values()].reduce((sum, day) => sum + day.share, 0);
        const top = Math.max(
          0,
          ...tree
            .ancestors(member.id)
            .filter((a) => a.level >= 2)
            .map((a) => a.feeRateBps),
        );
        expect(total).toBeLessThanOrEqual(Math.floor((top * amount) / 10_000));
        expect(total).toBeGreaterThanOrEqual(0);
        expect(shares.has(member.id)).toBe(false); // nobody earns from their own trading
      }),
    );
  });

  it('carry-over: never pays a negative, carries only a negative, and loses nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.integer({ min: -(10 ** 12), max: 0 }),
        (share, carryIn) => {
          const { settlement, carryOut } = withCarry(share, carryIn);
          expect(settlement).toBeGreaterThanOrEqual(0);
          expect(carryOut).toBeLessThanOrEqual(0);
          expect(settlement + carryOut).toBe(share + carryIn);
          expect(settlement === 0 || carryOut === 0).toBe(true);
        },
      ),
    );
  });

  it('over random days a partner is paid exactly its positive net, with the carry applied', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), { maxLength: 30 }), (days) => {
        let carry = 0;
        let paid = 0;
        for (const share of days) {
          const next = withCarry(share, carry);
          paid += next.settlement;
          carry = next.carryOut;
        }
        const net = days.reduce((sum, share) => sum + share, 0);
        expect(paid + carry).toBe(net);
        expect(paid).toBeGreaterThanOrEqual(Math.max(0, net));
      }),
    );
  });
});
