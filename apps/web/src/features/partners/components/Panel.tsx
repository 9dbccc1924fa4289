import type { ReactNode } from 'react';
import styles from '../partners.module.css';

/** A titled panel with optional actions on the right of its head. */
export function Panel({
  title,
  actions,
  children,
  testId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.panel} data-testid={testId}>
      {title || actions ? (
        <div className={styles.panelHead}>
          {typeof title === 'string' ? <h3 className={styles.panelTitle}>{title}</h3> : (title ?? <span />)}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** The screen's title (h2 under the back office's h1) and an optional note line. */
export function ScreenHead({ title, note, actions }: { title: string; note?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.head}>
      <div>
        <h2 className={styles.title}>{title}</h2>
        {note ? <p className={styles.subtitle}>{note}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** The wrapper class of every partner table (horizontal scroll on narrow screens). */
export const TABLE_SCROLL = styles.tableScroll ?? '';
