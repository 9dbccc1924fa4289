import { Link } from 'react-router-dom';
import type { HomeTicker } from '@tickline/protocol';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatHomePrice, formatPercent, trendOf } from '../../lib/format.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';
import { CoinAvatar } from './CoinAvatar.tsx';
import { MarketTable } from './MarketTable.tsx';
import { splitSymbol, useTickers } from './queries.ts';
import styles from './MarketTrendTable.module.css';
import market from './market.module.css';

/**
 * Seed 000 §2/§9: name, price (5 decimals, more when a price needs them) and 24h change (2 decimals) of the eight
 * home symbols; live from the socket's `tickers` stream (#18).
 */
export function MarketTrendTable() {
  const t = useT();
  const tickers = useTickers();
  const rows = tickers.data ?? [];
  const columns: Column<HomeTicker>[] = [
    {
      header: t('market.name'),
      cell: (ticker) => {
        const { base, quote } = splitSymbol(ticker.symbol);
        return (
          <span className={market.coinCell}>
            <CoinAvatar symbol={base} image={ticker.image} />
            <strong>{base}</strong>
            <span className={`muted ${market.quote}`}>/{quote}</span>
          </span>
        );
      },
    },
    {
      header: t('market.price'),
      className: 'num',
      skeleton: 'num',
      cell: (ticker) => formatHomePrice(ticker.lastPrice),
    },
    {
      header: t('market.change24h'),
      className: 'num',
      cellClassName: (ticker) => `num trend trend--${trendOf(ticker.priceChangePercent)}`,
      skeleton: 'num',
      cell: (ticker) => formatPercent(ticker.priceChangePercent),
    },
  ];

  return (
    <section className="section container" aria-labelledby="market-trend-title">
      <div className={styles.head}>
        <h2 id="market-trend-title" className="section__title">
          {t('home.marketTrend')}
        </h2>
        <Link to="/markets" className="btn btn--ghost btn--sm">
          {t('home.viewMore')} <ArrowRightIcon />
        </Link>
      </div>
      <MarketTable kind="trend" columns={columns} rows={rows} rowKey="symbol" pending={tickers.isPending} />
    </section>
  );
}
