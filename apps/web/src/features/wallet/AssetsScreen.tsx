import { add, formatUsdt, subtract } from '@tickline/money';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { microsOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useBalance } from '../account/queries.ts';
import { useWalletStream } from './queries.ts';
import styles from './wallet.module.css';

type Tab = 'overview' | 'spot' | 'futures';
const TABS: ReadonlyArray<{ id: Tab; label: 'wallet.overview' | 'wallet.spot' | 'wallet.futures' }> = [
  { id: 'overview', label: 'wallet.overview' },
  { id: 'spot', label: 'wallet.spot' },
  { id: 'futures', label: 'wallet.futures' },
];

function Figure({ label, micro, testId, strong }: { label: string; micro: number; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? styles.figureStrong : styles.figure}>
      <span>{label}</span>
      <strong data-testid={testId}>{formatUsdt(micro)} USDT</strong>
    </div>
  );
}

/** Seed 001 §2 "Assets screen" (/wallet): Overview, Spot Wallet and Futures Wallet tabs, live from the user stream. */
export function AssetsScreen() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('overview');
  const balance = useBalance().data;
  useWalletStream();
  const spot = microsOf(balance?.bsc);
  const futures = microsOf(balance?.usdtm);
  const futuresFree = microsOf(balance?.balance);
  const inUse = subtract(futures, futuresFree);

  const spotActions = (
    <div className={styles.actions}>
      <Link className="btn btn--primary" to="/deposit" data-testid="assets-deposit">
        {t('wallet.deposit')}
      </Link>
      <Link className="btn btn--ghost" to="/withdraw" data-testid="assets-withdraw">
        {t('wallet.withdraw')}
      </Link>
    </div>
  );
  const futuresActions = (
    <div className={styles.actions}>
      <Link className="btn btn--primary" to="/transfer/futures" data-testid="assets-transfer">
        {t('wallet.transfer')}
      </Link>
    </div>
  );

  return (
    <>
      <PageHeader title={t('wallet.title')} subtitle={t('wallet.subtitle')} />
      <div className={`container section section--tight ${styles.page}`}>
        <div className="tabs" role="tablist">
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={`tabs__tab ${styles.tabButton}${tab === id ? ' is-active' : ''}`}
              onClick={() => setTab(id)}
              data-testid={`assets-tab-${id}`}
            >
              {t(label)}
            </button>
          ))}
        </div>
        {tab === 'overview' ? (
          <section className={`card ${styles.panel}`} data-testid="assets-overview">
            <Figure label={t('wallet.totalAssets')} micro={add(spot, futures)} testId="assets-total" strong />
            <div className={styles.split}>
              <div className={styles.walletCard}>
                <Figure label={t('wallet.spotName')} micro={spot} testId="assets-spot" />
                {spotActions}
              </div>
              <div className={styles.walletCard}>
                <Figure label={t('wallet.futuresName')} micro={futures} testId="assets-futures" />
                {futuresActions}
              </div>
            </div>
          </section>
        ) : tab === 'spot' ? (
          <section className={`card ${styles.panel}`} data-testid="assets-spot-tab">
            <Figure label={t('wallet.spotName')} micro={spot} testId="assets-spot" strong />
            <p className={styles.muted}>{t('wallet.bsc')}</p>
            {spotActions}
          </section>
        ) : (
          <section className={`card ${styles.panel}`} data-testid="assets-futures-tab">
            <Figure label={t('wallet.futuresName')} micro={futures} testId="assets-futures" strong />
            <div className={styles.split}>
              <Figure label={t('wallet.available')} micro={futuresFree} testId="assets-futures-free" />
              <Figure label={t('wallet.inOrders')} micro={inUse} testId="assets-futures-used" />
            </div>
            {futuresActions}
          </section>
        )}
      </div>
    </>
  );
}
