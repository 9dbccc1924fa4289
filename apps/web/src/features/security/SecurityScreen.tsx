import { useT } from '../../i18n/I18nProvider.tsx';
import { ActionError } from '../../ui/ActionError.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { useSecurity } from './useSecurityAction.ts';
import { WhitelistCard } from './WhitelistCard.tsx';
import styles from './security.module.css';

/** The account security page; `embedded` inside the partner back office (which has its own header). */
export function SecurityScreen({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  const query = useSecurity();
  const data = query.data;
  const body = (
    <div className={styles.grid} data-testid="security-page">
      <ActionError message={query.error?.message} />
      {data ? (
        <>
          <SessionsCard sessions={data.sessions} logins={data.logins} />
          <PasswordCard />
          <TwoFactorCard enabled={data.totp.enabled} recoveryCodesLeft={data.totp.recoveryCodesLeft} />
          <WhitelistCard
            enabled={data.whitelist.enabled}
            addresses={data.whitelist.addresses}
            codeNeeded={data.totp.enabled}
            nowMs={query.dataUpdatedAt}
          />
          <ApiKeysCard codeNeeded={data.totp.enabled} />
        </>
      ) : (
        <div className={`card ${styles.card} ${styles.wide}`}>
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text" />
        </div>
      )}
    </div>
  );
  if (embedded) return body;
  return (
    <>
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <div className="container section section--tight">{body}</div>
    </>
  );
}
