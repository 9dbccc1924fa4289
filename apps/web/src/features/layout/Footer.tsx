import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { LogoMark, MessageIcon } from '../../ui/icons.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { footerLinks } from './navigation.ts';

/** Seeds §1: the footer shows copyright 2024. */
export const COPYRIGHT_YEAR = 2024;

export function Footer() {
  const t = useT();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <Link to="/" className="brand">
            <LogoMark size={22} />
            <span className="brand__name">Tickline</span>
          </Link>
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav className="footer__links" aria-label={t('footer.linksLabel')}>
          {footerLinks.map((item) => (
            <Link key={item.label} to={item.to} className="footer__link">
              {t(item.label)}
            </Link>
          ))}
        </nav>
        <button type="button" className="btn btn--ghost btn--sm footer__feedback" onClick={() => setFeedbackOpen(true)}>
          <MessageIcon /> {t('footer.feedback')}
        </button>
      </div>
      <div className="container footer__bottom">
        <span>
          © {COPYRIGHT_YEAR} Tickline. {t('footer.rights')}
        </span>
        <span className="footer__risk">{t('footer.risk')}</span>
      </div>
      {feedbackOpen ? <FeedbackDialog onClose={() => setFeedbackOpen(false)} /> : null}
    </footer>
  );
}
