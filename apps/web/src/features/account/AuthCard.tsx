import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import styles from './AuthCard.module.css';

/** A link under the card; with a prompt it reads "<prompt> <label>" (e.g. "No account yet? Sign up"). */
export interface AuthLink {
  to: string;
  label: MessageKey;
  prompt?: MessageKey;
}

/** The centred card the login, register and recovery screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
  links = [],
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  links?: AuthLink[];
}) {
  const t = useT();
  const footer = links.map(({ to, label, prompt }) => {
    const link = (
      <Link key={to} to={to} className="link">
        {t(label)}
      </Link>
    );
    return prompt ? (
      <span key={to} className="muted">
        {t(prompt)} {link}
      </span>
    ) : (
      link
    );
  });
  return (
    <div className={styles.auth}>
      <div className={`${styles.card} card`}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={`${styles.subtitle} muted`}>{subtitle}</p> : null}
        {children}
        {links.length > 0 ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>
  );
}
