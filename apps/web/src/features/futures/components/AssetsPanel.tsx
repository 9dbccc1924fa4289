import { Link } from 'react-router-dom';
import type { UserBalance } from '@tickline/protocol';
import { formatMoney } from '../../../lib/format.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

/** Seed 000 §2: USDT (BEP-20) and USDT-Futures balances with Deposit and Withdraw. */
export function AssetsPanel({ balance, loggedIn }: { balance: UserBalance | undefined; loggedIn: boolean }) {
  const t = useT();
  const row = (label: string, value: number | undefined, testId: string) => (
    <div className={styles.kv}>
      <span className={styles.muted}>{label}</span>
      <span data-testid={testId}>{loggedIn && value !== undefined ? `${formatMoney(value)} USDT` : '-'}</span>
    </div>
  );
  return (
    <section className={styles.assets} aria-label={t('futures.assets')}>
      <header className={styles.panelHead}>
        <h2>{t('futures.assets')}</h2>
      </header>
      {row(t('futures.spotWallet'), balance?.bsc, 'balance-bsc')}
      {row(t('futures.futuresWallet'), balance?.usdtm, 'balance-usdtm')}
      {row(t('futures.inUse'), balance?.usingRequiredAmount, 'balance-in-use')}
      <div className={styles.assetButtons}>
        <Link className="btn btn--primary btn--sm" to="/deposit">
          {t('futures.deposit')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to="/withdraw">
          {t('futures.withdraw')}
        </Link>
      </div>
    </section>
  );
}
