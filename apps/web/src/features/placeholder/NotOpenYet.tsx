import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { ClockIcon } from '../../ui/icons.tsx';

/** The layout frames later screens fill in: which panels they have and how they are arranged. */
export type FrameLayout = 'trading' | 'options' | 'wallet' | 'wizard' | 'history' | 'dashboard' | 'single';

export interface FramePanel {
  label: MessageKey;
  /** CSS grid area name in the layout (see .frame--<layout>). */
  area: string;
}

interface NotOpenYetProps {
  title: MessageKey;
  subtitle?: MessageKey;
  layout: FrameLayout;
  panels: FramePanel[];
  /** Shown in place of the page header when the page sits inside another layout (affiliates). */
  embedded?: boolean;
}

/**
 * A routed screen whose feature ships in a later release: its real title and layout frame, and a plain notice
 * that it is not open yet.
 */
export function NotOpenYet({ title, subtitle, layout, panels, embedded = false }: NotOpenYetProps) {
  const t = useT();
  const body = (
    <>
      <div className="not-open card" role="status" data-testid="not-open">
        <span className="not-open__icon">
          <ClockIcon />
        </span>
        <div>
          <strong className="not-open__title">{t('notOpen.title')}</strong>
          <p className="muted">{t('notOpen.body', { screen: t(title) })}</p>
        </div>
        <Link to="/" className="btn btn--ghost btn--sm not-open__home">
          {t('notOpen.home')}
        </Link>
      </div>
      <div className={`frame frame--${layout}`} aria-hidden="true">
        {panels.map((panel) => (
          <div key={panel.area} className="frame__panel" style={{ gridArea: panel.area }}>
            <span className="frame__label">{t(panel.label)}</span>
            <span className="frame__lines">
              <span />
              <span />
              <span />
            </span>
          </div>
        ))}
      </div>
    </>
  );
  if (embedded)
    return (
      <div className="embedded-page">
        <h1 className="embedded-page__title">{t(title)}</h1>
        {subtitle ? <p className="muted">{t(subtitle)}</p> : null}
        {body}
      </div>
    );
  return (
    <>
      <PageHeader title={t(title)} subtitle={subtitle ? t(subtitle) : undefined} />
      <div className="container section section--tight">{body}</div>
    </>
  );
}
