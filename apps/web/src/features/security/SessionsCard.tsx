import type { SecurityLogin, SecuritySession } from '@tickline/protocol';
import { ActionError } from '../../ui/ActionError.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { revokeSession } from './api.ts';
import { deviceName } from './device.ts';
import { useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

/** Live sessions, each but this one revocable (its next call is refused), and the recent sign-in attempts. */
export function SessionsCard({ sessions, logins }: { sessions: SecuritySession[]; logins: SecurityLogin[] }) {
  const t = useT();
  const action = useSecurityAction();
  const sessionColumns: Column<SecuritySession>[] = [
    {
      header: t('security.device'),
      labelled: true,
      cell: (session) => (
        <span title={session.device}>
          {deviceName(session.device) ?? t('security.unknownDevice')}
          {session.current ? <span className={`pill ${styles.current}`}>{t('security.thisDevice')}</span> : null}
        </span>
      ),
    },
    { header: t('security.address'), labelled: true, cell: (session) => session.address || '-' },
    { header: t('security.started'), labelled: true, cell: (session) => formatDateTime(session.createdAt) },
    { header: t('security.lastUsed'), labelled: true, cell: (session) => formatDateTime(session.lastUsedAt) },
    {
      header: '',
      cell: (session) =>
        session.current ? null : (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={action.busy}
            data-testid="revoke-session"
            onClick={() => void action.run(() => revokeSession(session.id), t('security.revoked'))}
          >
            {t('security.revoke')}
          </button>
        ),
    },
  ];
  const loginColumns: Column<SecurityLogin & { key: string }>[] = [
    { header: t('security.time'), labelled: true, cell: (login) => formatDateTime(login.at) },
    {
      header: t('security.outcome'),
      labelled: true,
      cellClassName: (login) => (login.outcome === 'success' ? '' : styles.failed!),
      cell: (login) => t(`security.outcome.${login.outcome}` as MessageKey),
    },
    { header: t('security.address'), labelled: true, cell: (login) => login.address || '-' },
    {
      header: t('security.device'),
      labelled: true,
      cell: (login) => deviceName(login.device) ?? t('security.unknownDevice'),
    },
  ];
  return (
    <section className={`card ${styles.card} ${styles.wide}`}>
      <h2 className="card__title">{t('security.sessions')}</h2>
      <ActionError message={action.error} />
      <DataTable
        columns={sessionColumns}
        rows={sessions}
        rowKey="id"
        className="table--stack"
        wrapperClassName="table-scroll"
        testId="security-sessions"
      />
      <h2 className={`card__title ${styles.subTitle}`}>{t('security.logins')}</h2>
      <DataTable
        columns={loginColumns}
        rows={logins.map((login, index) => ({ ...login, key: `${login.at}-${index}` }))}
        rowKey="key"
        className="table--stack"
        wrapperClassName="table-scroll"
        testId="security-logins"
      />
    </section>
  );
}
