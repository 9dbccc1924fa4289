// The order the test files start in. Vitest's own order runs the files it has no timings for largest first, which on
// a fresh clone (CI) put the files that start a whole platform and wait on its clocks (small files, 10–120 s each)
// last: the run ended with one worker on them while the other sat idle. These start first, longest first; the rest
// follow in vitest's order (by its cached timings where it has them, else by size).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first, as measured on main (docs/decisions.md, "CI under 30 minutes again"). Paths from the repo root. */
export const SLOW_FIRST = [
  'apps/server/test/audit/verifier-platform.test.ts',
  'apps/server/test/trading/crash.test.ts',
  'apps/server/test/security/restart-after-kill.test.ts',
  'apps/server/test/security/database-loss.test.ts',
  'apps/server/test/build.test.ts',
  'apps/server/test/fapi/demo-maker.test.ts',
  'apps/server/test/wallet/local-chain.test.ts',
  'apps/server/test/shutdown.test.ts',
  'apps/server/test/metrics.test.ts',
  'apps/server/test/admin/create-operator.test.ts',
  'apps/server/test/fapi/demo-maker-markets.test.ts',
];

/** A file's place in SLOW_FIRST, or the list's length for every other file. */
export function slowRank(moduleId: string): number {
  const at = SLOW_FIRST.findIndex((file) => moduleId.endsWith(`/${file}`));
  return at === -1 ? SLOW_FIRST.length : at;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    // Array.prototype.sort is stable: files of one rank keep vitest's order.
    return rest.sort((a, b) => slowRank(a.moduleId) - slowRank(b.moduleId));
  }
}
