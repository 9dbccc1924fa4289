import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { CoinAvatar } from '../../features/market/CoinAvatar.tsx';
import { useCoins } from '../../features/market/queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatMarketPrice, formatMoney, formatPercent, trendOf } from '../../lib/format.ts';

/** Seeds §9: the markets table shows 30 coins. */
const MARKETS_ROW_COUNT = 30;

/** Seed 000 §2: top 30 coins with image, name and symbol, price, 24h change, 24h volume, market cap. */
export default function MarketsPage() {
  const t = useT();
  const coins = useCoins();
  const rows = (coins.data ?? []).slice(0, MARKETS_ROW_COUNT);

  return (
    <>
      <PageHeader title={t('markets.title')} subtitle={t('markets.subtitle')} />
      <div className="container section section--tight">
        <div className="card table-card table-scroll">
          <table className="table table--markets" data-testid="markets-table">
            <thead>
              <tr>
                <th scope="col" className="col-rank">
                  #
                </th>
                <th scope="col">{t('market.name')}</th>
                <th scope="col" className="num">
                  {t('market.price')}
                </th>
                <th scope="col" className="num">
                  {t('market.change24h')}
                </th>
                <th scope="col" className="num">
                  {t('market.volume24h')}
                </th>
                <th scope="col" className="num">
                  {t('market.marketCap')}
                </th>
              </tr>
            </thead>
            <tbody>
              {coins.isPending
                ? Array.from({ length: 10 }, (_, index) => (
                    <tr key={index} className="table__skeleton" aria-hidden="true">
                      <td className="col-rank">
                        <span className="skeleton skeleton--tiny" />
                      </td>
                      <td>
                        <span className="skeleton skeleton--text" />
                      </td>
                      {[0, 1, 2, 3].map((cell) => (
                        <td key={cell} className="num">
                          <span className="skeleton skeleton--num" />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows.map((coin, index) => (
                    <tr key={coin.id}>
                      <td className="col-rank muted">{index + 1}</td>
                      <td className="col-name">
                        <span className="coin-cell">
                          <CoinAvatar symbol={coin.symbol} image={coin.image} />
                          <span className="coin-cell__names">
                            <strong>{coin.name}</strong>
                            <span className="muted">{coin.symbol.toUpperCase()}</span>
                          </span>
                        </span>
                      </td>
                      <td className="num col-price">${formatMarketPrice(coin.current_price)}</td>
                      <td className={`num col-change trend trend--${trendOf(coin.price_change_percentage_24h)}`}>
                        {formatPercent(coin.price_change_percentage_24h)}
                      </td>
                      <td className="num col-volume" data-label={t('market.volume24h')}>
                        ${formatMoney(coin.total_volume)}
                      </td>
                      <td className="num col-cap" data-label={t('market.marketCap')}>
                        ${formatMoney(coin.market_cap)}
                      </td>
                    </tr>
                  ))}
              {!coins.isPending && rows.length === 0 ? (
                <tr>
                  <td colSpan={6} className="table__empty">
                    {t('market.unavailable')}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
        <p className="footnote muted">{t('markets.refreshNote')}</p>
      </div>
    </>
  );
}
