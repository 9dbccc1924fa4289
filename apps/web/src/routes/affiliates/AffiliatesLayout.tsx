import { NavLink, Outlet } from 'react-router-dom';
import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import styles from './AffiliatesLayout.module.css';

const sections: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: '/affiliates', label: 'screen.affiliates', end: true },
  { to: '/affiliates/partner', label: 'screen.affiliatesPartner' },
  { to: '/affiliates/members', label: 'screen.affiliatesMembers' },
  { to: '/affiliates/trading', label: 'screen.affiliatesTrading' },
  { to: '/affiliates/history', label: 'screen.affiliatesHistory' },
  { to: '/affiliates/withdraw', label: 'screen.affiliatesWithdraw' },
  { to: '/affiliates/security', label: 'security.link' },
];

/** Seed 001 §2: the partner back office (stored level 2..7) with its section navigation. */
export default function AffiliatesLayout() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('affiliates.title')} subtitle={t('affiliates.subtitle')} />
      <div className={`container section section--tight ${styles.backOffice}`}>
        <nav className={styles.nav} aria-label={t('affiliates.title')}>
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className={styles.link}>
              {t(section.label)}
            </NavLink>
          ))}
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </>
  );
}
