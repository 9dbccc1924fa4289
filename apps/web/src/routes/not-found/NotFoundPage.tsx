import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';

export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="container section empty-state">
      <span className="empty-state__code">404</span>
      <h1 className="empty-state__title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.body')}</p>
      <Link to="/" className="btn btn--primary">
        {t('notOpen.home')}
      </Link>
    </div>
  );
}
