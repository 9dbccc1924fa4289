import type { AdminUser } from './api.ts';
import styles from './admin.module.css';

/** A user's level as the console names it. */
export function levelLabel(level: number): string {
  return level >= 2 ? `Partner L${level}` : 'Member';
}

/** KYC and freeze badges. */
export function UserFlags({
  user,
}: {
  user: Pick<AdminUser, 'tradingFrozen' | 'withdrawalsFrozen' | 'approveStatus'>;
}) {
  return (
    <span className={styles.flags}>
      {user.approveStatus === 1 ? null : (
        <span className={styles.flagMuted}>{user.approveStatus === 3 ? 'KYC pending' : 'KYC rejected'}</span>
      )}
      {user.tradingFrozen ? (
        <span className={styles.flagRed} data-testid="flag-trading-frozen">
          trading frozen
        </span>
      ) : null}
      {user.withdrawalsFrozen ? (
        <span className={styles.flagRed} data-testid="flag-withdrawals-frozen">
          withdrawals frozen
        </span>
      ) : null}
    </span>
  );
}
