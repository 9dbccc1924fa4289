import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';

/** Seed 000 §9 / 001 §2: futures maker 0.02%, taker 0.03%; USDT withdrawal fee 5, minimum 10, limits 1M. */
export const FEES = {
  futures: [{ pair: 'BTC/USDT', makerPercent: '0.02%', takerPercent: '0.03%' }],
  withdrawal: [
    {
      coin: 'USDT',
      network: 'BEP-20 (BSC)',
      fee: '5',
      minimum: '10',
      singleLimit: '1,000,000',
      dailyLimit: '1,000,000',
    },
  ],
};

export default function FeePage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('fee.title')} subtitle={t('fee.subtitle')} />
      <div className="container section section--tight stack stack--lg">
        <section className="card table-card">
          <h2 className="card__title card__title--padded">{t('fee.futuresTitle')}</h2>
          <div className="table-scroll">
            <table className="table" data-testid="futures-fees">
              <thead>
                <tr>
                  <th scope="col">{t('fee.pair')}</th>
                  <th scope="col" className="num">
                    {t('fee.maker')}
                  </th>
                  <th scope="col" className="num">
                    {t('fee.taker')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {FEES.futures.map((row) => (
                  <tr key={row.pair}>
                    <td>
                      <strong>{row.pair}</strong> <span className="muted">{t('fee.perpetual')}</span>
                    </td>
                    <td className="num">{row.makerPercent}</td>
                    <td className="num">{row.takerPercent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="card table-card">
          <h2 className="card__title card__title--padded">{t('fee.withdrawalTitle')}</h2>
          <div className="table-scroll">
            <table className="table table--stack" data-testid="withdrawal-fees">
              <thead>
                <tr>
                  <th scope="col">{t('fee.coin')}</th>
                  <th scope="col">{t('fee.network')}</th>
                  <th scope="col" className="num">
                    {t('fee.withdrawalFee')}
                  </th>
                  <th scope="col" className="num">
                    {t('fee.minimum')}
                  </th>
                  <th scope="col" className="num">
                    {t('fee.singleLimit')}
                  </th>
                  <th scope="col" className="num">
                    {t('fee.dailyLimit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {FEES.withdrawal.map((row) => (
                  <tr key={row.coin}>
                    <td data-label={t('fee.coin')}>
                      <strong>{row.coin}</strong>
                    </td>
                    <td data-label={t('fee.network')}>{row.network}</td>
                    <td className="num" data-label={t('fee.withdrawalFee')}>
                      {row.fee} USDT
                    </td>
                    <td className="num" data-label={t('fee.minimum')}>
                      {row.minimum} USDT
                    </td>
                    <td className="num" data-label={t('fee.singleLimit')}>
                      {row.singleLimit} USDT
                    </td>
                    <td className="num" data-label={t('fee.dailyLimit')}>
                      {row.dailyLimit} USDT
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <p className="footnote muted">{t('fee.note')}</p>
      </div>
    </>
  );
}
