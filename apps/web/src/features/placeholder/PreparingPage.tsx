import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { ClockIcon } from '../../ui/icons.tsx';

interface PreparingPageProps {
  title: MessageKey;
  heading: string;
  body: MessageKey;
  /** Where to go meanwhile: the closest service that is open. */
  next: { to: string; label: MessageKey };
  testId: string;
}

/** A service being prepared (seed 001 §2, /earn): its title, a plain statement, and the closest open service. */
export function PreparingPage({ title, heading, body, next, testId }: PreparingPageProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(title)} />
      <div className="container section empty-state">
        <span className="empty-state__icon">
          <ClockIcon size={32} />
        </span>
        <h2 className="empty-state__title" data-testid={testId}>
          {heading}
        </h2>
        <p className="muted">{t(body)}</p>
        <Link to={next.to} className="btn btn--ghost">
          {t(next.label)}
        </Link>
      </div>
    </>
  );
}
