import type { MarketCoin } from '../../api/types.ts';
import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { CoinAvatar } from '../../features/market/CoinAvatar.tsx';
import { MarketTable } from '../../features/market/MarketTable.tsx';
import { useCoins } from '../../features/market/queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { formatMarketPrice, formatMoney, formatPercent, trendOf } from '../../lib/format.ts';

/** Seeds §9: the markets table shows 30 coins. */
const MARKETS_ROW_COUNT = 30;

/** Seed 000 §2: top 30 coins with image, name and symbol, price, 24h change, 24h volume, market cap. */
export default function MarketsPage() {
  const t = useT();
  const coins = useCoins();
  const rows = (coins.data ?? []).slice(0, MARKETS_ROW_COUNT);
  const columns: Column<MarketCoin>[] = [
    {
      header: '#',
      className: 'col-rank',
      cellClassName: 'col-rank muted',
      skeleton: 'tiny',
      cell: (_, index) => index + 1,
    },
    {
      header: t('market.name'),
      cellClassName: 'col-name',
      cell: (coin) => (
        <span className="coin-cell">
          <CoinAvatar symbol={coin.symbol} image={coin.image} />
          <span className="coin-cell__names">
            <strong>{coin.name}</strong>
            <span className="muted">{coin.symbol.toUpperCase()}</span>
          </span>
        </span>
      ),
    },
    {
      header: t('market.price'),
      className: 'num',
      cellClassName: 'num col-price',
      skeleton: 'num',
      cell: (coin) => `$${formatMarketPrice(coin.current_price)}`,
    },
    {
      header: t('market.change24h'),
      className: 'num',
      cellClassName: (coin) => `num col-change trend trend--${trendOf(coin.price_change_percentage_24h)}`,
      skeleton: 'num',
      cell: (coin) => formatPercent(coin.price_change_percentage_24h),
    },
    {
      header: t('market.volume24h'),
      className: 'num',
      cellClassName: 'num col-volume',
      labelled: true,
      skeleton: 'num',
      cell: (coin) => `$${formatMoney(coin.total_volume)}`,
    },
    {
      header: t('market.marketCap'),
      className: 'num',
      cellClassName: 'num col-cap',
      labelled: true,
      skeleton: 'num',
      cell: (coin) => `$${formatMoney(coin.market_cap)}`,
    },
  ];

  return (
    <>
      <PageHeader title={t('markets.title')} subtitle={t('markets.subtitle')} />
      <div className="container section section--tight">
        <MarketTable kind="markets" columns={columns} rows={rows} rowKey="id" pending={coins.isPending} />
        <p className="footnote muted">{t('markets.refreshNote')}</p>
      </div>
    </>
  );
}
