import { ApproveStatus } from '@tickline/protocol';
import { Link } from 'react-router-dom';
import { useLogout, useUserInfo } from '../../features/account/queries.ts';
import { PageHeader } from '../../features/layout/PageHeader.tsx';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { CopyIcon, UserIcon } from '../../ui/icons.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './ProfilePage.module.css';

/** Seed 000 §4: KYC approveStatus 1 green verified, 2 red verification required, 3 yellow pending. */
const kycStatus: Record<ApproveStatus, { tone: 'success' | 'danger' | 'warn'; message: MessageKey }> = {
  [ApproveStatus.Verified]: { tone: 'success', message: 'profile.kycVerified' },
  [ApproveStatus.Rejected]: { tone: 'danger', message: 'profile.kycRequired' },
  [ApproveStatus.Pending]: { tone: 'warn', message: 'profile.kycPending' },
};

const levelNames: Record<number, MessageKey> = {
  1: 'level.1',
  2: 'level.2',
  3: 'level.3',
  4: 'level.4',
  5: 'level.5',
  6: 'level.6',
  7: 'level.7',
};

/** Seeds §9: the referral link is the site address, /register/, then the code (parent2ReferralCode). */
export function referralLinkFor(code: string): string {
  return `${window.location.origin}/register/${code}`;
}

/** A read-only value with a Copy button; the toasts say whether the clipboard took it. */
function CopyField(props: {
  label: string;
  value: string;
  copied: string;
  failed: string;
  testId: string;
  /** The button's accessible name when the page has more than one Copy (the seed's referral one keeps "Copy"). */
  buttonLabel?: string;
}) {
  const { label, value, copied, failed, testId, buttonLabel } = props;
  const t = useT();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(copied, 'success');
    } catch {
      toast(failed, 'error');
    }
  };
  return (
    <div className={styles.copyField}>
      <input className={`input ${styles.copyInput}`} readOnly value={value} aria-label={label} data-testid={testId} />
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void copy()}
        disabled={!value}
        aria-label={buttonLabel}
      >
        <CopyIcon /> {t('profile.copy')}
      </button>
    </div>
  );
}

/** Seed 000 §2/§4/§8: avatar placeholder, name, email, referral link with Copy, KYC status, Log out. */
export default function ProfilePage() {
  const t = useT();
  const info = useUserInfo();
  const logout = useLogout();
  const user = info.data;
  const referralLink = user?.parent2ReferralCode ? referralLinkFor(user.parent2ReferralCode) : '';
  const status = user ? kycStatus[user.approveStatus as ApproveStatus] : undefined;

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <div className="container section section--tight">
        <div className={styles.profile}>
          <section className={`card ${styles.identity}`} aria-label={t('profile.title')}>
            <Avatar size="lg" aria-hidden="true">
              <UserIcon size={36} />
            </Avatar>
            {user ? (
              <div className={styles.who}>
                <h2 className={styles.name} data-testid="profile-name">
                  {user.name}
                </h2>
                <p className="muted" data-testid="profile-email">
                  {user.email}
                </p>
                <span className="pill">{t(levelNames[user.level] ?? 'level.1')}</span>
              </div>
            ) : (
              <div className={styles.who}>
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--text" />
              </div>
            )}
            <button
              type="button"
              className={`btn btn--ghost ${styles.logout}`}
              onClick={logout}
              data-testid="profile-logout"
            >
              {t('nav.logout')}
            </button>
          </section>

          <section className={`card ${styles.panel} ${styles.kyc}`}>
            <h2 className="card__title">{t('profile.verification')}</h2>
            {status ? (
              <div className={styles.kycStatus}>
                <span className={`kyc-status__text tone--${status.tone}`} data-testid="kyc-status">
                  <span className={`status-dot status-dot--${status.tone}`} />
                  {t(status.message)}
                </span>
                {user?.approveStatus === ApproveStatus.Rejected ? (
                  <Link to="/verification" className="btn btn--primary btn--sm">
                    {t('profile.verify')}
                  </Link>
                ) : null}
              </div>
            ) : (
              <span className="skeleton skeleton--text" />
            )}
          </section>

          <section className={`card ${styles.panel} ${styles.details}`}>
            <h2 className="card__title">{t('profile.details')}</h2>
            <dl className={styles.detailsList}>
              <div>
                <dt>{t('profile.userId')}</dt>
                <dd>{user?.userid ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('profile.phone')}</dt>
                <dd>{user?.phone ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('profile.referralCode')}</dt>
                <dd className="mono">{user?.referralCode ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('profile.joined')}</dt>
                <dd>{user ? formatDateTime(user.insertDate) : '—'}</dd>
              </div>
            </dl>
          </section>

          <section className={`card ${styles.panel} ${styles.security}`}>
            <h2 className="card__title">{t('security.link')}</h2>
            <p className="muted">{t('security.linkHint')}</p>
            <Link to="/profile/security" className="btn btn--ghost btn--sm" data-testid="security-link">
              {t('security.link')}
            </Link>
          </section>

          <section className={`card ${styles.panel} ${styles.referral}`}>
            <h2 className="card__title">{t('profile.referral')}</h2>
            <p className="muted">{t('profile.referralHint')}</p>
            <CopyField
              label={t('profile.referral')}
              value={referralLink}
              copied={t('profile.copied')}
              failed={t('profile.copyFailed')}
              testId="referral-link"
            />
          </section>

          <section className={`card ${styles.panel} ${styles.deposit}`} data-testid="profile-deposit">
            <h2 className="card__title">{t('profile.depositAddress')}</h2>
            <p className="muted">{t('profile.depositAddressHint')}</p>
            <CopyField
              label={t('profile.depositAddress')}
              value={user?.bscAddress ?? ''}
              copied={t('profile.depositAddressCopied')}
              failed={t('profile.depositAddressCopyFailed')}
              testId="deposit-address"
              buttonLabel={t('profile.copyDepositAddress')}
            />
          </section>
        </div>
      </div>
    </>
  );
}
