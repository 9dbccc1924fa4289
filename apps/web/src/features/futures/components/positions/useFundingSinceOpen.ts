import { useQuery } from '@tanstack/react-query';
import type { MicroUsdt } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { useSession } from '../../../../api/session.ts';
import { lotsOf } from '../../../../lib/units.ts';
import { futuresKeys } from '../../queries.ts';
import { fetchFundingPage, fetchTradesPage } from '../tabs/api.ts';
import { fundingSinceOpen, openedAtMs, reachesBefore } from './fundingSinceOpen.ts';

/** How far back the pages are read: a position older than this many pages of fills or settlements shows no figure. */
const MAX_PAGES = 10;

async function openingTime(volumeLots: number, symbol: string): Promise<number | null> {
  const fills = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchTradesPage(page);
    fills.push(...answer.orders);
    const opened = openedAtMs(fills, volumeLots, symbol);
    if (opened !== null || !answer.pageInfo.existNextPage) return opened;
  }
  return null;
}

async function fundingSince(openedAt: number, symbol: string): Promise<MicroUsdt | null> {
  const rows = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchFundingPage(page);
    rows.push(...answer.rows);
    if (reachesBefore(rows, openedAt) || !answer.pageInfo.existNextPage)
      return fundingSinceOpen(rows, openedAt, symbol);
  }
  return null;
}

/**
 * The funding paid (negative) or received since the position opened, micro-USDT; null while unknown. Its key sits
 * under futuresKeys.history, so the position event a settlement pushes on the user stream reloads it (no polling).
 */
export function useFundingSinceOpen(position: PositionRow): MicroUsdt | null {
  const { accessToken } = useSession();
  const volume = lotsOf(position.volume);
  const query = useQuery({
    queryKey: [...futuresKeys.history, 'fundingSinceOpen', position.symbol, position.position, volume],
    queryFn: async () => {
      const openedAt = await openingTime(volume, position.symbol);
      return openedAt === null ? null : fundingSince(openedAt, position.symbol);
    },
    enabled: accessToken !== null,
  });
  return query.data ?? null;
}
