import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router-dom';
import { PARTNER_MIN_LEVEL, useSession } from '../../api/session.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatUsdt } from '@tickline/money';
import { totalAssets } from '../account/totalAssets.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChevronRightIcon, CloseIcon, UserIcon } from '../../ui/icons.tsx';
import { useBalance, useLogout, useUserInfo } from '../account/queries.ts';
import { UpDownColoursSwitch } from '../preferences/UpDownColoursSwitch.tsx';
import { TimeZoneSelect } from '../preferences/TimeZoneSelect.tsx';
import { Brand } from './Brand.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import styles from './MobileMenu.module.css';
import { accountLinks, primaryLinks, secondaryLinks, supportGroup, tradeGroup } from './navigation.ts';
import type { NavLinkItem } from './navigation.ts';

function MenuSection({ title, items, onNavigate }: { title?: string; items: NavLinkItem[]; onNavigate(): void }) {
  const t = useT();
  return (
    <div className={styles.section}>
      {title ? <div className={styles.sectionTitle}>{title}</div> : null}
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={styles.link} onClick={onNavigate}>
          {t(item.label)}
          <ChevronRightIcon />
        </NavLink>
      ))}
    </div>
  );
}

/** Seed 000 §2: the narrow-screen menu, opened and closed by buttons, with the header's links and Log out. */
export function MobileMenu({ onClose }: { onClose(): void }) {
  const t = useT();
  const session = useSession();
  const info = useUserInfo();
  const balance = useBalance();
  const logout = useLogout();
  const loggedIn = session.accessToken !== null;

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const accountItems: NavLinkItem[] = [
    ...accountLinks,
    ...(session.level >= PARTNER_MIN_LEVEL ? [{ to: '/affiliates', label: 'nav.affiliates' } as const] : []),
  ];

  return createPortal(
    <div className={styles.menu} role="dialog" aria-modal="true" aria-label={t('nav.menu')} data-testid="mobile-menu">
      <div className={styles.top}>
        <Brand onClick={onClose} />
        <button type="button" className="icon-btn" aria-label={t('nav.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className={styles.body}>
        {loggedIn ? (
          <Link to="/profile" className={styles.profile} onClick={onClose}>
            <Avatar>
              <UserIcon />
            </Avatar>
            <span className={styles.who}>
              <strong>{info.data?.name ?? session.userId ?? ''}</strong>
              <span className="muted">{info.data?.email ?? session.userId ?? ''}</span>
              <span className={styles.assets}>
                {t('header.totalAssets')} {formatUsdt(totalAssets(balance.data))} USDT (BEP-20)
              </span>
            </span>
            <ChevronRightIcon />
          </Link>
        ) : (
          <div className={styles.auth}>
            <Link to="/register" className="btn btn--primary btn--block" onClick={onClose}>
              {t('nav.register')}
            </Link>
            <Link to="/login" className="btn btn--ghost btn--block" onClick={onClose}>
              {t('nav.login')}
            </Link>
          </div>
        )}
        <MenuSection items={primaryLinks} onNavigate={onClose} />
        <MenuSection title={t(tradeGroup.label)} items={tradeGroup.items} onNavigate={onClose} />
        <MenuSection items={secondaryLinks} onNavigate={onClose} />
        <MenuSection title={t(supportGroup.label)} items={supportGroup.items} onNavigate={onClose} />
        {loggedIn ? <MenuSection title={t('header.account')} items={accountItems} onNavigate={onClose} /> : null}
        <div className={styles.section}>
          <div className={styles.sectionTitle}>{t('nav.language')}</div>
          <LanguageSwitch variant="full" />
        </div>
        <div className={styles.section}>
          <div className={styles.sectionTitle}>{t('preferences.upDownColours')}</div>
          <UpDownColoursSwitch variant="full" />
        </div>
        <div className={styles.section}>
          <div className={styles.sectionTitle}>{t('preferences.timeZone')}</div>
          <TimeZoneSelect />
        </div>
        {loggedIn ? (
          <button
            type="button"
            className={`btn btn--ghost btn--block ${styles.logout}`}
            onClick={() => {
              onClose();
              logout();
            }}
          >
            {t('nav.logout')}
          </button>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
