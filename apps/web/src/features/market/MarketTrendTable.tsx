import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatNumber, formatPercent, trendOf } from '../../lib/format.ts';
import { ArrowRightIcon } from '../../ui/icons.tsx';
import { CoinAvatar } from './CoinAvatar.tsx';
import { HOME_SYMBOLS, splitSymbol, useTickers } from './queries.ts';

/** Seed 000 §2/§9: name, price (5 decimals) and 24h change (2 decimals, green/red) of the eight home symbols. */
export function MarketTrendTable() {
  const t = useT();
  const tickers = useTickers();
  const rows = tickers.data ?? [];

  return (
    <section className="section container" aria-labelledby="market-trend-title">
      <div className="section__head">
        <h2 id="market-trend-title" className="section__title">
          {t('home.marketTrend')}
        </h2>
        <Link to="/markets" className="btn btn--ghost btn--sm">
          {t('home.viewMore')} <ArrowRightIcon />
        </Link>
      </div>
      <div className="card table-card table-scroll">
        <table className="table table--trend" data-testid="market-trend">
          <thead>
            <tr>
              <th scope="col">{t('market.name')}</th>
              <th scope="col" className="num">
                {t('market.price')}
              </th>
              <th scope="col" className="num">
                {t('market.change24h')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tickers.isPending
              ? HOME_SYMBOLS.map((symbol) => (
                  <tr key={symbol} className="table__skeleton" aria-hidden="true">
                    <td>
                      <span className="skeleton skeleton--text" />
                    </td>
                    <td className="num">
                      <span className="skeleton skeleton--num" />
                    </td>
                    <td className="num">
                      <span className="skeleton skeleton--num" />
                    </td>
                  </tr>
                ))
              : rows.map((ticker) => {
                  const { base, quote } = splitSymbol(ticker.symbol);
                  const trend = trendOf(ticker.priceChangePercent);
                  return (
                    <tr key={ticker.symbol}>
                      <td>
                        <span className="coin-cell">
                          <CoinAvatar symbol={base} />
                          <strong>{base}</strong>
                          <span className="muted coin-cell__quote">/{quote}</span>
                        </span>
                      </td>
                      <td className="num">{formatNumber(ticker.lastPrice, 5)}</td>
                      <td className={`num trend trend--${trend}`}>{formatPercent(ticker.priceChangePercent)}</td>
                    </tr>
                  );
                })}
            {!tickers.isPending && rows.length === 0 ? (
              <tr>
                <td colSpan={3} className="table__empty">
                  {t('market.unavailable')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
