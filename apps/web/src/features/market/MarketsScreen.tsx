import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatCompact, formatMarketPrice, formatMoney, formatPercent, trendOf } from '../../lib/format.ts';
import type { Column, SortDirection } from '../../ui/DataTable.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { CoinAvatar } from './CoinAvatar.tsx';
import { coinRows, nextSort, type CoinSortKey, type RankedCoin } from './coinList.ts';
import { toggleFavourite, useFavourites } from './favourites.ts';
import { LineChart } from './LineChart.tsx';
import { MarketTable } from './MarketTable.tsx';
import { useCoins } from './queries.ts';
import styles from './MarketsScreen.module.css';
import market from './market.module.css';

/** Seeds §9: the markets table shows 30 coins. */
const MARKETS_ROW_COUNT = 30;
/** Our own market: its row opens the futures screen; every other row the coin's page. */
const FUTURES_COIN = 'bitcoin';

/** A volume or market cap in short form, the exact figure on hover (and for screen readers). */
function Compact({ value }: { value: number }) {
  const exact = `$${formatMoney(value)}`;
  return (
    <span title={exact} aria-label={exact}>
      ${formatCompact(value)}
    </span>
  );
}

/**
 * Seed 000 §2 and #18: the top 30 live from the socket's `coins` stream, each price with the decimals it needs,
 * compact volume and market cap, sortable columns, a search box, favourites kept in this browser, a 7-day sparkline,
 * Bitcoin's row opening our BTCUSDT perpetual and every other row the coin's page.
 */
export function MarketsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const coins = useCoins();
  const favourites = useFavourites();
  const [search, setSearch] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [sort, setSort] = useState<{ key: CoinSortKey; direction: SortDirection }>({ key: 'rank', direction: 'asc' });
  const rows = coinRows((coins.data ?? []).slice(0, MARKETS_ROW_COUNT), {
    search,
    favouritesOnly,
    favourites,
    sortKey: sort.key,
    direction: sort.direction,
  });

  const columns: Column<RankedCoin>[] = [
    {
      header: '#',
      className: market.rank,
      cellClassName: `${market.rank} muted`,
      skeleton: 'tiny',
      sortKey: 'rank',
      cell: (coin) => coin.rank,
    },
    {
      header: t('market.name'),
      cellClassName: market.name,
      sortKey: 'name',
      cell: (coin) => {
        const favourite = favourites.includes(coin.id);
        return (
          <span className={market.coinCell}>
            <button
              type="button"
              className={styles.star}
              aria-pressed={favourite}
              aria-label={t(favourite ? 'market.removeFavourite' : 'market.addFavourite', { name: coin.name })}
              onClick={(event) => {
                event.stopPropagation();
                toggleFavourite(coin.id);
              }}
            >
              <StarIcon filled={favourite} size={16} />
            </button>
            <CoinAvatar symbol={coin.symbol} image={coin.image} />
            <span className={market.names}>
              <strong>
                {coin.name}
                {coin.id === FUTURES_COIN ? <span className={styles.tradeTag}>{t('market.trade')}</span> : null}
              </strong>
              <span className="muted">{coin.symbol.toUpperCase()}</span>
            </span>
          </span>
        );
      },
    },
    {
      header: t('market.price'),
      className: 'num',
      cellClassName: `num ${market.price}`,
      skeleton: 'num',
      sortKey: 'price',
      cell: (coin) => `$${formatMarketPrice(coin.current_price)}`,
    },
    {
      header: t('market.change24h'),
      className: 'num',
      cellClassName: (coin) => `num ${market.change} trend trend--${trendOf(coin.price_change_percentage_24h)}`,
      skeleton: 'num',
      sortKey: 'change',
      cell: (coin) => formatPercent(coin.price_change_percentage_24h),
    },
    {
      header: t('market.volume24h'),
      className: 'num',
      cellClassName: `num ${market.volume}`,
      labelled: true,
      skeleton: 'num',
      sortKey: 'volume',
      cell: (coin) => <Compact value={coin.total_volume} />,
    },
    {
      header: t('market.marketCap'),
      className: 'num',
      cellClassName: `num ${market.cap}`,
      labelled: true,
      skeleton: 'num',
      sortKey: 'cap',
      cell: (coin) => <Compact value={coin.market_cap} />,
    },
    {
      header: t('market.last7d'),
      className: 'num',
      cellClassName: `num ${market.sparkCell}`,
      skeleton: 'num',
      cell: (coin) => {
        const prices = coin.sparkline_in_7d?.price ?? [];
        return (
          <LineChart
            className={styles.spark}
            points={prices}
            height={36}
            colour={prices.length > 1 && prices.at(-1)! < prices[0]! ? 'var(--down)' : 'var(--up)'}
            label={t('market.sparklineOf', { name: coin.name })}
          />
        );
      },
    },
  ];
  const sortable = columns.filter((column) => column.sortKey);

  return (
    <>
      <PageHeader title={t('markets.title')} subtitle={t('markets.subtitle')} />
      <div className="container section section--tight">
        <div className={styles.toolbar}>
          <input
            type="search"
            className={`input ${styles.search}`}
            placeholder={t('market.search')}
            aria-label={t('market.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="markets-search"
          />
          <div className={styles.tabs}>
            {([false, true] as const).map((only) => (
              <button
                key={String(only)}
                type="button"
                className={styles.tab}
                aria-pressed={favouritesOnly === only}
                onClick={() => setFavouritesOnly(only)}
              >
                {t(only ? 'market.favourites' : 'market.all')}
              </button>
            ))}
          </div>
          <select
            className={`input ${styles.sortSelect}`}
            aria-label={t('market.sort')}
            value={`${sort.key}:${sort.direction}`}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':') as [CoinSortKey, SortDirection];
              setSort({ key, direction });
            }}
          >
            {sortable.flatMap((column) =>
              (['desc', 'asc'] as const).map((direction) => (
                <option key={`${column.sortKey}:${direction}`} value={`${column.sortKey}:${direction}`}>
                  {column.header} {direction === 'asc' ? '↑' : '↓'}
                </option>
              )),
            )}
          </select>
        </div>
        <MarketTable
          kind="markets"
          columns={columns}
          rows={rows}
          rowKey="id"
          pending={coins.isPending}
          sort={{
            key: sort.key,
            direction: sort.direction,
            onSort: (key) => setSort((current) => nextSort(current, key as CoinSortKey)),
            label: (header) => t('market.sortBy', { column: header }),
          }}
          rowAction={(coin) => () => navigate(coin.id === FUTURES_COIN ? '/futures' : `/markets/${coin.id}`)}
          emptyMessage={
            coins.data && coins.data.length > 0
              ? t(favouritesOnly && favourites.length === 0 ? 'market.noFavourites' : 'market.noMatch')
              : undefined
          }
        />
        <p className="footnote muted">{t('markets.liveNote')}</p>
      </div>
    </>
  );
}
