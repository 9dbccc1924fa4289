import { describe, expect, it } from 'vitest';
import type { CoinMarket } from '@tickline/protocol';
import { coinRows, nextSort, type CoinListView } from './coinList.ts';

const coin = (id: string, name: string, symbol: string, price: number, cap: number): CoinMarket => ({
  id,
  name,
  symbol,
  image: '',
  current_price: price,
  price_change_percentage_24h: 0,
  total_volume: cap / 10,
  market_cap: cap,
});

const coins = [
  coin('bitcoin', 'Bitcoin', 'btc', 67_000, 1_300e9),
  coin('ethereum', 'Ethereum', 'eth', 2_600, 310e9),
  coin('tether', 'Tether', 'usdt', 1, 120e9),
  coin('shiba-inu', 'Shiba Inu', 'shib', 0.000018, 10e9),
];
const view: CoinListView = { search: '', favouritesOnly: false, favourites: [], sortKey: 'rank', direction: 'asc' };
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('coinRows', () => {
  it('ranks by the order received and sorts by any column either way', () => {
    expect(coinRows(coins, view).map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(ids(coinRows(coins, { ...view, sortKey: 'price', direction: 'asc' }))).toEqual([
      'shiba-inu',
      'tether',
      'ethereum',
      'bitcoin',
    ]);
    expect(ids(coinRows(coins, { ...view, sortKey: 'name', direction: 'desc' }))).toEqual([
      'tether',
      'shiba-inu',
      'ethereum',
      'bitcoin',
    ]);
  });

  it('searches names and symbols in any case, and keeps the favourites tab to favourites', () => {
    expect(ids(coinRows(coins, { ...view, search: ' SHIB ' }))).toEqual(['shiba-inu']);
    expect(ids(coinRows(coins, { ...view, search: 'eth' }))).toEqual(['ethereum', 'tether']);
    expect(ids(coinRows(coins, { ...view, favouritesOnly: true, favourites: ['tether', 'gone'] }))).toEqual(['tether']);
  });
});

describe('nextSort', () => {
  it('starts a number column high to low, names and rank A to Z, and turns the same column around', () => {
    expect(nextSort({ key: 'rank', direction: 'asc' }, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({ key: 'price', direction: 'asc' });
  });
});
