// The round log's hash chain (#35): recomputed from the genesis, it breaks at the first tampered record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  roundRecordText,
  roundResultOf,
  ROUND_LOG_GENESIS,
  sha256hex,
  verifyRoundChain,
  type RoundRecord,
} from '../src/index.ts';

async function chain(rounds: ReadonlyArray<{ openPrice: number; closePrice: number }>): Promise<RoundRecord[]> {
  const records: RoundRecord[] = [];
  let prevHash = ROUND_LOG_GENESIS;
  for (const [index, prices] of rounds.entries()) {
    const fields = { prevHash, roundStartMs: 1_764_000_000_000 + index * 60_000, ...prices };
    const result = roundResultOf(prices.openPrice, prices.closePrice);
    const hash = await sha256hex(roundRecordText({ ...fields, result }));
    records.push({ seq: index + 1, ...fields, result, hash });
    prevHash = hash;
  }
  return records;
}

const price = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 20_000_000 }).map((ticks) => ticks / 100),
);
const rounds = fc.array(fc.record({ openPrice: price, closePrice: price }), { minLength: 1, maxLength: 25 });

describe('round log', () => {
  it('publishes the genesis as sha256hex("Tickline round log v1")', async () => {
    expect(await sha256hex('Tickline round log v1')).toBe(ROUND_LOG_GENESIS);
  });

  it('hashes prevHash|roundStartMs|openPrice|closePrice|result as the issue defines', async () => {
    const [record] = await chain([{ openPrice: 43210.5, closePrice: 43210.51 }]);
    expect(record!.result).toBe(1);
    expect(record!.hash).toBe(await sha256hex(`${ROUND_LOG_GENESIS}|1764000000000|43210.5|43210.51|1`));
    expect(roundResultOf(2, 1)).toBe(2);
    expect(roundResultOf(2, 2)).toBe(3);
    expect(roundResultOf(0, 2)).toBe(3);
  });

  it('verifies an untouched chain to its head', async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (list) => {
        const records = await chain(list);
        expect(await verifyRoundChain(records)).toEqual({ ok: true, count: list.length, head: records.at(-1)!.hash });
        // From the middle, given the record before it.
        const from = Math.floor(list.length / 2);
        const prev = from === 0 ? ROUND_LOG_GENESIS : records[from - 1]!.hash;
        expect((await verifyRoundChain(records.slice(from), prev, from + 1)).ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('breaks at the tampered record, whatever field was changed', async () => {
    const fields = ['roundStartMs', 'openPrice', 'closePrice', 'result', 'prevHash', 'hash', 'dropped'] as const;
    await fc.assert(
      fc.asyncProperty(rounds, fc.nat(), fc.constantFrom(...fields), async (list, pick, field) => {
        const records = await chain(list);
        const at = pick % records.length;
        const tampered = structuredClone(records);
        const record = tampered[at]!;
        if (field === 'dropped') {
          if (at === records.length - 1) return; // dropping the head leaves a valid shorter chain: the signed head catches it
          tampered.splice(at, 1);
        } else if (field === 'result') record.result = record.result === 3 ? 1 : 3;
        else if (field === 'prevHash' || field === 'hash') record[field] = await sha256hex(record[field]);
        else record[field] += field === 'roundStartMs' ? 60_000 : 0.01;
        const check = await verifyRoundChain(tampered);
        expect(check.ok).toBe(false);
        if (!check.ok) expect(check.seq).toBe(at + 1);
      }),
      { numRuns: 120 },
    );
  });
});
