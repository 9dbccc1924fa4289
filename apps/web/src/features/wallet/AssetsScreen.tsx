import { add, formatUsdt, subtract } from '@tickline/money';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { microsOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
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

function Figure({
  label,
  micro,
  testId,
  strong,
}: {
  label: string;
  /** null while the balance loads: shown as '-', never as a false 0.00. */
  micro: number | null;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? styles.figureStrong : styles.figure}>
      <span>{label}</span>
      <strong data-testid={testId}>{micro === null ? '-' : `${formatUsdt(micro)} USDT`}</strong>
    </div>
  );
}

/** Seed 001 §2 "Assets screen" (/wallet): Overview, Spot Wallet and Futures Wallet tabs, live from the user stream. */
export function AssetsScreen() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('overview');
  const balance = useBalance().data;
  const loaded = balance !== undefined;
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
        <Tabs<Tab>
          items={TABS.map(({ id, label }) => ({ id, label: t(label) }))}
          active={tab}
          onSelect={setTab}
          testIdPrefix="assets-tab"
        />
        {tab === 'overview' ? (
          <section className={`card ${styles.panel}`} data-testid="assets-overview">
            <Figure
              label={t('wallet.totalAssets')}
              micro={loaded ? add(spot, futures) : null}
              testId="assets-total"
              strong
            />
            <div className={styles.split}>
              <div className={styles.walletCard}>
                <Figure label={t('wallet.spotName')} micro={loaded ? spot : null} testId="assets-spot" />
                {spotActions}
              </div>
              <div className={styles.walletCard}>
                <Figure label={t('wallet.futuresName')} micro={loaded ? futures : null} testId="assets-futures" />
                {futuresActions}
              </div>
            </div>
          </section>
        ) : tab === 'spot' ? (
          <section className={`card ${styles.panel}`} data-testid="assets-spot-tab">
            <Figure label={t('wallet.spotName')} micro={loaded ? spot : null} testId="assets-spot" strong />
            <p className={styles.muted}>{t('wallet.bsc')}</p>
            {spotActions}
          </section>
        ) : (
          <section className={`card ${styles.panel}`} data-testid="assets-futures-tab">
            <Figure label={t('wallet.futuresName')} micro={loaded ? futures : null} testId="assets-futures" strong />
            <div className={styles.split}>
              <Figure label={t('wallet.available')} micro={loaded ? futuresFree : null} testId="assets-futures-free" />
              <Figure label={t('wallet.inOrders')} micro={loaded ? inUse : null} testId="assets-futures-used" />
            </div>
            {futuresActions}
          </section>
        )}
      </div>
    </>
  );
}
