import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useUserInfo } from '../account/queries.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { MarketPanel } from './MarketPanel.tsx';
import { AuditPanel, FeedbackPanel, HealthPanel, KycPanel, QueuePanel } from './panels.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import { useAdminText } from './useAdminText.ts';
import styles from './admin.module.css';

// The operator console (#16), in its own lazily loaded chunk: nothing here is in a trader's bundle. Its words are in
// messages.ts (English and Korean), looked up by useAdminText() rather than through the app's dictionary, so they stay
// in this chunk too.

const SECTIONS = ['users', 'kyc', 'withdrawals', 'settlements', 'market', 'health', 'audit', 'feedback'] as const;
type Section = (typeof SECTIONS)[number];

/** /admin: operators only (the server refuses everyone else on every call; the page sends them home). */
export function AdminConsole() {
  const info = useUserInfo();
  const t = useAdminText();
  const [section, setSection] = useState<Section>('kyc');
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  if (info.isPending)
    return (
      <AdminFrame>
        <p className={styles.empty}>{t('admin.loading')}</p>
      </AdminFrame>
    );
  if (info.data?.role !== 'operator') return <Navigate to="/" replace />;
  const report = (text: string, ok: boolean) => setNotice({ text, ok });

  return (
    <AdminFrame email={info.data.email}>
      <div className={styles.console} data-testid="admin-console">
        <nav className={styles.nav} aria-label={t('admin.title')}>
          {SECTIONS.map((id) => (
            <button
              key={id}
              type="button"
              className={section === id ? styles.navActive : styles.navItem}
              onClick={() => {
                setSection(id);
                setNotice(null); // an outcome belongs to the panel it happened on
              }}
              data-testid={`admin-nav-${id}`}
            >
              {t(`admin.nav.${id}`)}
            </button>
          ))}
        </nav>
        <main className={styles.main}>
          <h1>{t(`admin.nav.${section}`)}</h1>
          {notice ? (
            <p className={notice.ok ? styles.ok : styles.error} data-testid="admin-notice" role="status">
              {notice.text}
            </p>
          ) : null}
          {section === 'users' ? <UsersPanel report={report} /> : null}
          {section === 'kyc' ? <KycPanel report={report} /> : null}
          {section === 'withdrawals' ? <QueuePanel kind="withdrawals" report={report} /> : null}
          {section === 'settlements' ? <QueuePanel kind="settlements" report={report} /> : null}
          {section === 'market' ? <MarketPanel /> : null}
          {section === 'health' ? <HealthPanel /> : null}
          {section === 'audit' ? <AuditPanel /> : null}
          {section === 'feedback' ? <FeedbackPanel /> : null}
        </main>
      </div>
    </AdminFrame>
  );
}
