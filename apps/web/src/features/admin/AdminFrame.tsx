import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLogout } from '../account/queries.ts';
import { LanguageSwitch } from '../layout/LanguageSwitch.tsx';
import { LogoMark } from '../../ui/icons.tsx';
import { useAdminText } from './useAdminText.ts';
import styles from './AdminFrame.module.css';

/**
 * The operator console's own frame (#28 item 8): a bar with the console's name, who is signed in, the language, a
 * way to the traders' site and Log out; none of the traders' header and footer (Buy Crypto, Markets, Earn…).
 */
export function AdminFrame({ email, children }: { email?: string; children: ReactNode }) {
  const t = useAdminText();
  const logout = useLogout();
  return (
    <div className={styles.frame} data-testid="admin-frame">
      <header className={styles.bar}>
        <Link to="/admin" className={styles.brand} aria-label={`Tickline ${t('admin.title')}`}>
          <LogoMark size={22} />
          <span>Tickline</span>
          <span className={styles.product}>{t('admin.title')}</span>
        </Link>
        <div className={styles.tools}>
          {email ? (
            <span className={styles.who} data-testid="admin-operator">
              {email}
            </span>
          ) : null}
          <LanguageSwitch />
          <Link to="/" className={styles.action}>
            {t('admin.frame.site')}
          </Link>
          <button type="button" className={styles.action} onClick={logout}>
            {t('admin.frame.logout')}
          </button>
        </div>
      </header>
      {children}
    </div>
  );
}
