import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageIcon } from '../../ui/icons.tsx';
import { Brand } from './Brand.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import styles from './Footer.module.css';
import { footerLinks } from './navigation.ts';

/** Seeds §1: the footer shows copyright 2024. */
export const COPYRIGHT_YEAR = 2024;

export function Footer() {
  const t = useT();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div>
          <Brand logoSize={22} />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav className={styles.links} aria-label={t('footer.linksLabel')}>
          {footerLinks.map((item) => (
            <Link key={item.label} to={item.to} className={styles.link}>
              {t(item.label)}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className={`btn btn--ghost btn--sm ${styles.feedback}`}
          onClick={() => setFeedbackOpen(true)}
        >
          <MessageIcon /> {t('footer.feedback')}
        </button>
      </div>
      <div className={`container ${styles.bottom}`}>
        <span>
          © {COPYRIGHT_YEAR} Tickline. {t('footer.rights')}
        </span>
        <span>{t('footer.risk')}</span>
      </div>
      {feedbackOpen ? <FeedbackDialog onClose={() => setFeedbackOpen(false)} /> : null}
    </footer>
  );
}
