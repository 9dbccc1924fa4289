import type { CoinMarket } from '@tickline/protocol';
import type { SortDirection } from '../../ui/DataTable.tsx';

/** Columns the markets list sorts by; `rank` is the order by market cap the server sends. */
export type CoinSortKey = 'rank' | 'name' | 'price' | 'change' | 'volume' | 'cap';

export interface RankedCoin extends CoinMarket {
  rank: number;
}

export interface CoinListView {
  search: string;
  favouritesOnly: boolean;
  favourites: readonly string[];
  sortKey: CoinSortKey;
  direction: SortDirection;
}

const numeric: Record<Exclude<CoinSortKey, 'name'>, (coin: RankedCoin) => number> = {
  rank: (coin) => coin.rank,
  price: (coin) => coin.current_price,
  change: (coin) => coin.price_change_percentage_24h,
  volume: (coin) => coin.total_volume,
  cap: (coin) => coin.market_cap,
};

/** A header click: a new column sorts descending (names and rank ascending), the same column turns around. */
export function nextSort(
  current: { key: CoinSortKey; direction: SortDirection },
  key: CoinSortKey,
): { key: CoinSortKey; direction: SortDirection } {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' || key === 'rank' ? 'asc' : 'desc' };
}

/**
 * The rows shown: ranked by market cap as received, filtered by the search (name or symbol, any case) and the
 * favourites tab, then sorted (ordering only compares the server's numbers; nothing is computed from them).
 */
export function coinRows(coins: readonly CoinMarket[], view: CoinListView): RankedCoin[] {
  const query = view.search.trim().toLowerCase();
  const rows = coins
    .map((coin, index) => ({ ...coin, rank: index + 1 }))
    .filter((coin) => !view.favouritesOnly || view.favourites.includes(coin.id))
    .filter(
      (coin) => query === '' || coin.name.toLowerCase().includes(query) || coin.symbol.toLowerCase().includes(query),
    );
  const sign = view.direction === 'asc' ? 1 : -1;
  const key = view.sortKey;
  const compare =
    key === 'name'
      ? (a: RankedCoin, b: RankedCoin) => a.name.localeCompare(b.name)
      : (a: RankedCoin, b: RankedCoin) => order(numeric[key](a), numeric[key](b));
  return rows.sort((a, b) => sign * compare(a, b) || a.rank - b.rank);
}

function order(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
