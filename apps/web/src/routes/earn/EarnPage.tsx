import { Link } from 'react-router-dom';
import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import { ClockIcon } from '../../ui/icons.tsx';

/** Seed 000 §1 / 001 §2: a placeholder stating that Earn is being prepared. */
export default function EarnPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('screen.earn')} />
      <div className="container section empty-state">
        <span className="empty-state__icon">
          <ClockIcon size={32} />
        </span>
        <h2 className="empty-state__title" data-testid="earn-preparing">
          {t('earn.preparing')}
        </h2>
        <p className="muted">{t('earn.body')}</p>
        <Link to="/markets" className="btn btn--ghost">
          {t('nav.markets')}
        </Link>
      </div>
    </>
  );
}
