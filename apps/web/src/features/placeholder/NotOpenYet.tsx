import { Link } from 'react-router-dom';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import styles from './NotOpenYet.module.css';

/**
 * The layout frames later screens fill in: the CSS grid areas of each (see NotOpenYet.module.css), in the order their
 * panels are listed.
 */
const FRAME_AREAS = {
  trading: ['strip', 'chart', 'book', 'trade', 'positions', 'assets'],
  options: ['strip', 'chart', 'book', 'trade', 'orders'],
  wallet: ['a', 'b', 'c', 'table'],
  wizard: ['form', 'side', 'table'],
  history: ['table'],
  dashboard: ['a', 'b', 'c', 'd', 'table'],
  single: ['table'],
} as const;

export type FrameLayout = keyof typeof FRAME_AREAS;

type LabelPerArea<Areas extends readonly string[]> = { [Index in keyof Areas]: MessageKey };
/** One label per area of the layout, in FRAME_AREAS order. */
type PanelLabels<Layout extends FrameLayout> = LabelPerArea<(typeof FRAME_AREAS)[Layout]>;

interface NotOpenYetProps<Layout extends FrameLayout> {
  title: MessageKey;
  subtitle?: MessageKey;
  layout: Layout;
  panels: PanelLabels<Layout>;
  /** Shown in place of the page header when the page sits inside another layout (affiliates). */
  embedded?: boolean;
}

/**
 * A routed screen whose feature ships in a later release: its real title and layout frame, and a plain notice
 * that it is not open yet.
 */
export function NotOpenYet<Layout extends FrameLayout>({
  title,
  subtitle,
  layout,
  panels,
  embedded = false,
}: NotOpenYetProps<Layout>) {
  const t = useT();
  const body = (
    <>
      <div className={`${styles.notice} card`} role="status" data-testid="not-open">
        <span className={styles.icon}>
          <ClockIcon />
        </span>
        <div>
          <strong className={styles.title}>{t('notOpen.title')}</strong>
          <p className="muted">{t('notOpen.body', { screen: t(title) })}</p>
        </div>
        <Link to="/" className={`btn btn--ghost btn--sm ${styles.home}`}>
          {t('notOpen.home')}
        </Link>
      </div>
      <div className={`${styles.frame} ${styles[layout]}`} aria-hidden="true">
        {FRAME_AREAS[layout].map((area, index) => (
          <div key={area} className={styles.panel} style={{ gridArea: area }}>
            <span className={styles.label}>{t((panels as readonly MessageKey[])[index]!)}</span>
            <span className={styles.lines}>
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
      <div className={styles.embedded}>
        <h1 className={styles.embeddedTitle}>{t(title)}</h1>
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
