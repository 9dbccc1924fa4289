import { useT } from '../../i18n/I18nProvider.tsx';
import styles from './ReferralNote.module.css';

/**
 * The register screen's referral code: "will be applied", or (#18) the server's word that it does not exist, said
 * as soon as the page opens from a link, with a way to go on without it.
 */
export function ReferralNote({ code, problem, onDrop }: { code: string; problem: string | null; onDrop(): void }) {
  const t = useT();
  if (!code) return null;
  if (!problem)
    return (
      <p className="note" data-testid="referral-note">
        {t('register.referralApplied', { code })}
      </p>
    );
  return (
    <div className={styles.problem} role="alert" data-testid="referral-problem">
      <p>
        {problem} ({code})
      </p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDrop}>
        {t('register.withoutCode')}
      </button>
    </div>
  );
}
