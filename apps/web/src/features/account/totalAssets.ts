import { add, type MicroUsdt } from '@tickline/money';
import type { UserBalance as Balance } from '@tickline/protocol';
import { microsOf } from '../../lib/units.ts';

/** Total assets, as /wallet shows them: the spot wallet plus the futures wallet (#28 item 9). */
export function totalAssets(balance: Balance | undefined): MicroUsdt {
  return add(microsOf(balance?.bsc), microsOf(balance?.usdtm));
}

/** What the futures wallet has in use: the position's margin and what open orders hold (#28 item 9). */
export function futuresInUse(balance: Balance | undefined): MicroUsdt {
  return add(
    microsOf(balance?.usingRequiredAmount),
    add(microsOf(balance?.longWaitingRequiredAmount), microsOf(balance?.shortWaitingRequiredAmount)),
  );
}
