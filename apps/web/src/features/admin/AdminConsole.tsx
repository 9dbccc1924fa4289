import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useUserInfo } from '../account/queries.ts';
import { MarketPanel } from './MarketPanel.tsx';
import { AuditPanel, FeedbackPanel, HealthPanel, KycPanel, QueuePanel } from './panels.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import styles from './admin.module.css';

// The operator console (#16), in its own lazily loaded chunk: nothing here is in a trader's bundle, so its labels are
// English constants rather than entries of the app's dictionary.

const SECTIONS = [
  ['users', 'Users'],
  ['kyc', 'KYC queue'],
  ['withdrawals', 'Withdrawals'],
  ['settlements', 'Settlement applications'],
  ['market', 'Market & risk'],
  ['health', 'Ledger health'],
  ['audit', 'Audit log'],
  ['feedback', 'Feedback'],
] as const;
type Section = (typeof SECTIONS)[number][0];

/** /admin: operators only (the server refuses everyone else on every call; the page sends them home). */
export function AdminConsole() {
  const info = useUserInfo();
  const [section, setSection] = useState<Section>('kyc');
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  if (info.isPending) return <p className={styles.empty}>Loading…</p>;
  if (info.data?.role !== 'operator') return <Navigate to="/" replace />;
  const report = (text: string, ok: boolean) => setNotice({ text, ok });

  return (
    <div className={styles.console} data-testid="admin-console">
      <nav className={styles.nav} aria-label="Operator console">
        <strong className={styles.brand}>Operator console</strong>
        {SECTIONS.map(([id, label]) => (
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
            {label}
          </button>
        ))}
      </nav>
      <main className={styles.main}>
        <h1>{SECTIONS.find(([id]) => id === section)![1]}</h1>
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
  );
}
