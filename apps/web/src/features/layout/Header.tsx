import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { PARTNER_MIN_LEVEL, useSession } from '../../api/session.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatUsdt } from '@tickline/money';
import { formatDateTime } from '../../lib/format.ts';
import { totalAssets } from '../account/totalAssets.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { BellIcon, ChevronDownIcon, MenuIcon, UserIcon } from '../../ui/icons.tsx';
import { useAccountStream, useAlarms, useBalance, useLogout, useUserInfo } from '../account/queries.ts';
import { useUnreadAlarms } from '../account/unreadAlarms.ts';
import { Brand } from './Brand.tsx';
import styles from './Header.module.css';
import { UpDownColoursSwitch } from '../preferences/UpDownColoursSwitch.tsx';
import { TimeZoneSelect } from '../preferences/TimeZoneSelect.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { accountLinks, primaryLinks, secondaryLinks, supportGroup, tradeGroup } from './navigation.ts';
import type { NavGroup } from './navigation.ts';

/** A link inside a hover dropdown keeps focus after a click, which would keep the panel open: drop it. */
const releaseFocus = () => (document.activeElement as HTMLElement | null)?.blur();

function NavDropdown({ group, testId }: { group: NavGroup; testId: string }) {
  const t = useT();
  return (
    <div className={styles.dropdown} data-testid={testId}>
      <button type="button" className={`${styles.link} ${styles.trigger}`} aria-haspopup="true">
        {t(group.label)} <ChevronDownIcon />
      </button>
      <div className={styles.panel}>
        {group.items.map((item) => (
          <NavLink key={item.to} to={item.to} className={styles.item} onClick={releaseFocus}>
            {t(item.label)}
          </NavLink>
        ))}
      </div>
    </div>
  );
}

/** The most the badge says; more reads "9+". */
const UNREAD_SHOWN = 9;

/** Seed 000 §2 and #18: the alarms, live from the user stream, with the number not seen yet on the bell. */
function NotificationsMenu() {
  const t = useT();
  const alarms = useAlarms();
  const list = alarms.data ?? [];
  const { unread, markSeen } = useUnreadAlarms(list);
  return (
    <div
      className={`${styles.dropdown} ${styles.right}`}
      data-testid="notifications"
      onPointerEnter={markSeen}
      onFocus={markSeen}
    >
      <button
        type="button"
        className={`icon-btn ${styles.trigger}`}
        aria-haspopup="true"
        aria-label={unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className={styles.badge} data-testid="unread-count" aria-hidden="true">
            {unread > UNREAD_SHOWN ? `${UNREAD_SHOWN}+` : unread}
          </span>
        ) : null}
      </button>
      <div className={`${styles.panel} ${styles.panelWide}`} data-testid="notifications-panel">
        <div className={styles.heading}>{t('header.notifications')}</div>
        {list.length === 0 ? (
          <p className={styles.empty}>{t('header.noNotifications')}</p>
        ) : (
          <ul className={styles.alarms}>
            {list.map((alarm, index) => (
              <li key={`${alarm.insertDate}-${index}`} className={styles.alarm}>
                <p className={styles.alarmContent}>{alarm.content}</p>
                <time className={styles.alarmDate}>{formatDateTime(alarm.insertDate)}</time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function AccountMenu() {
  const t = useT();
  const session = useSession();
  const info = useUserInfo();
  const balance = useBalance();
  const logout = useLogout();
  return (
    <div className={`${styles.dropdown} ${styles.right}`} data-testid="account-menu">
      <button
        type="button"
        className={`icon-btn ${styles.trigger}`}
        aria-haspopup="true"
        aria-label={t('header.account')}
      >
        <UserIcon />
      </button>
      <div className={`${styles.panel} ${styles.panelWide}`}>
        <Link to="/profile" className={styles.who} onClick={releaseFocus}>
          <Avatar size="sm">
            <UserIcon size={18} />
          </Avatar>
          <span>
            <strong className={styles.name}>{info.data?.name ?? session.userId ?? ''}</strong>
            <span className={styles.email}>{info.data?.email ?? session.userId ?? ''}</span>
          </span>
        </Link>
        <div className={styles.assets}>
          <span className="muted">{t('header.totalAssets')}</span>
          <strong data-testid="total-assets">
            {formatUsdt(totalAssets(balance.data))} <span className="muted">USDT (BEP-20)</span>
          </strong>
        </div>
        {accountLinks.map((item) => (
          <Link key={item.to} to={item.to} className={styles.item} onClick={releaseFocus}>
            {t(item.label)}
          </Link>
        ))}
        {session.level >= PARTNER_MIN_LEVEL ? (
          <Link to="/affiliates" className={styles.item} onClick={releaseFocus}>
            {t('nav.affiliates')}
          </Link>
        ) : null}
        <button
          type="button"
          className={`${styles.item} ${styles.itemButton}`}
          onClick={() => {
            releaseFocus();
            logout();
          }}
        >
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}

export function Header() {
  const t = useT();
  const session = useSession();
  useAccountStream();
  const [menuOpen, setMenuOpen] = useState(false);
  const loggedIn = session.accessToken !== null;

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand label="Tickline" />
        <nav className={styles.nav} data-testid="header-nav" aria-label={t('nav.main')}>
          {primaryLinks.map((item) => (
            <NavLink key={item.to} to={item.to} className={styles.link}>
              {t(item.label)}
            </NavLink>
          ))}
          <NavDropdown group={tradeGroup} testId="trade-dropdown" />
          {secondaryLinks.map((item) => (
            <NavLink key={item.to} to={item.to} className={styles.link}>
              {t(item.label)}
            </NavLink>
          ))}
          <NavDropdown group={supportGroup} testId="support-dropdown" />
        </nav>
        <div className={styles.actions}>
          {loggedIn ? (
            <>
              <Link to="/wallet" className={`btn btn--sm btn--ghost ${styles.wideOnly}`}>
                {t('nav.wallet')}
              </Link>
              <NotificationsMenu />
              <AccountMenu />
            </>
          ) : (
            <>
              <Link to="/login" className={`btn btn--sm btn--ghost ${styles.wideOnly}`}>
                {t('nav.login')}
              </Link>
              <Link to="/register" className="btn btn--sm btn--primary">
                {t('nav.register')}
              </Link>
            </>
          )}
          <span className={styles.wideOnly}>
            <LanguageSwitch />
          </span>
          <span className={styles.wideOnly}>
            <UpDownColoursSwitch />
          </span>
          <span className={styles.wideOnly}>
            <TimeZoneSelect />
          </span>
          <button
            type="button"
            className={`icon-btn ${styles.menuButton}`}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {menuOpen ? <MobileMenu onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}
