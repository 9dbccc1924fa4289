import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatCompact, formatMarketPrice, formatMoney, formatPercent, trendOf } from '../../lib/format.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { CoinAvatar } from './CoinAvatar.tsx';
import { LineChart } from './LineChart.tsx';
import { useCoins } from './queries.ts';
import styles from './CoinDetail.module.css';

/** Our own market: Bitcoin's page offers the BTCUSDT perpetual. */
const FUTURES_COIN = 'bitcoin';

/** #18: one coin of /markets: live price and 24 h figures, its 7-day chart with the week's range. */
export function CoinDetailScreen() {
  const t = useT();
  const { coinId = '' } = useParams();
  const coins = useCoins();
  const coin = coins.data?.find((candidate) => candidate.id === coinId);
  if (!coin) {
    return (
      <>
        <PageHeader title={t('markets.title')} />
        <div className={`container section section--tight ${styles.page}`}>
          {coins.isPending ? (
            <span className="skeleton skeleton--text" />
          ) : (
            <p className="muted" data-testid="coin-missing">
              {t('coin.missing')}
            </p>
          )}
          <Link to="/markets">{t('coin.back')}</Link>
        </div>
      </>
    );
  }
  const week = coin.sparkline_in_7d?.price ?? [];
  const high = week.length > 0 ? Math.max(...week) : null;
  const low = week.length > 0 ? Math.min(...week) : null;
  const falling = week.length > 1 && week.at(-1)! < week[0]!;
  const exact = (value: number) => `$${formatMoney(value)}`;
  return (
    <>
      <PageHeader title={`${coin.name} (${coin.symbol.toUpperCase()})`} subtitle={t('coin.subtitle')} />
      <div className={`container section section--tight ${styles.page}`} data-testid="coin-detail">
        <Link to="/markets" className={styles.back}>
          {t('coin.back')}
        </Link>
        <section className={`card ${styles.summary}`}>
          <div className={styles.identity}>
            <CoinAvatar symbol={coin.symbol} image={coin.image} size={40} />
            <div>
              <strong className={styles.price} data-testid="coin-price">
                ${formatMarketPrice(coin.current_price)}
              </strong>
              <span className={`trend trend--${trendOf(coin.price_change_percentage_24h)}`} data-testid="coin-change">
                {formatPercent(coin.price_change_percentage_24h)}
              </span>
            </div>
            {coin.id === FUTURES_COIN ? (
              <Link to="/futures" className="btn btn--primary btn--sm" data-testid="coin-trade">
                {t('market.trade')} BTCUSDT
              </Link>
            ) : null}
          </div>
          <dl className={styles.figures}>
            <div>
              <dt>{t('market.marketCap')}</dt>
              <dd title={exact(coin.market_cap)}>${formatCompact(coin.market_cap)}</dd>
            </div>
            <div>
              <dt>{t('market.volume24h')}</dt>
              <dd title={exact(coin.total_volume)}>${formatCompact(coin.total_volume)}</dd>
            </div>
            <div>
              <dt>{t('coin.high7d')}</dt>
              <dd>{high === null ? '-' : `$${formatMarketPrice(high)}`}</dd>
            </div>
            <div>
              <dt>{t('coin.low7d')}</dt>
              <dd>{low === null ? '-' : `$${formatMarketPrice(low)}`}</dd>
            </div>
          </dl>
        </section>
        <section className={`card ${styles.chart}`} data-testid="coin-chart">
          <h2 className="card__title">{t('market.last7d')}</h2>
          {week.length > 1 ? (
            <LineChart
              points={week}
              colour={falling ? 'var(--down)' : 'var(--up)'}
              height={240}
              area
              className={styles.line}
              label={t('market.sparklineOf', { name: coin.name })}
            />
          ) : (
            <p className="muted">{t('market.chartUnavailable')}</p>
          )}
        </section>
      </div>
    </>
  );
}
