import { ApproveStatus, type AdminUser } from '@tickline/protocol';
import { adminMessages, type AdminMessageKey } from './messages.ts';
import { useAdminText, type AdminText } from './useAdminText.ts';
import styles from './admin.module.css';

/** A user's level as the console names it. */
export function levelLabel(level: number, t: AdminText): string {
  return level >= 2 ? t('admin.users.partner', { level }) : t('admin.users.member');
}

/** A word of the server (a withdrawal's chain state, a deposit's kind) in the console's words; unknown ones as sent. */
export function serverWord(prefix: 'chain' | 'deposit', word: string | undefined, t: AdminText): string {
  const key = `admin.${prefix}.${word ?? ''}`;
  return key in adminMessages.en ? t(key as AdminMessageKey) : (word ?? '');
}

/** KYC and freeze badges; "Active" when there is none (KYC verified, nothing frozen), so the column is never blank. */
export function UserFlags({
  user,
}: {
  user: Pick<AdminUser, 'tradingFrozen' | 'withdrawalsFrozen' | 'approveStatus'>;
}) {
  const t = useAdminText();
  if (user.approveStatus === 1 && !user.tradingFrozen && !user.withdrawalsFrozen)
    return (
      <span className={styles.flags}>
        <span className={styles.flagMuted} data-testid="flag-active">
          {t('admin.users.active')}
        </span>
      </span>
    );
  return (
    <span className={styles.flags}>
      {user.approveStatus === ApproveStatus.Verified ? null : (
        <span className={styles.flagMuted}>
          {t(user.approveStatus === ApproveStatus.Pending ? 'admin.users.kycPending' : 'admin.users.kycRejected')}
        </span>
      )}
      {user.tradingFrozen ? (
        <span className={styles.flagRed} data-testid="flag-trading-frozen">
          {t('admin.users.tradingFrozen')}
        </span>
      ) : null}
      {user.withdrawalsFrozen ? (
        <span className={styles.flagRed} data-testid="flag-withdrawals-frozen">
          {t('admin.users.withdrawalsFrozen')}
        </span>
      ) : null}
    </span>
  );
}
