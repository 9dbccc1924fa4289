import { WithdrawalStatus } from '@tickline/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSession } from '../../api/session.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import {
  approveSettlement,
  approveWithdrawal,
  decideKyc,
  fetchAudit,
  fetchFeedback,
  fetchHealth,
  fetchImage,
  fetchKyc,
  fetchSettlementApplications,
  fetchWithdrawals,
  refuseSettlement,
  refuseWithdrawal,
} from './api.ts';
import { ConfirmAction, type PendingAction } from './ConfirmAction.tsx';
import type { AdminHotWalletCover, AdminKycUser, AdminQueueWithdrawal } from '@tickline/protocol';
import { outcomeText, useAdminText } from './useAdminText.ts';
import { serverWord } from './userBits.tsx';
import styles from './admin.module.css';

/** The outcome of an action: the server's message on a refusal, a short confirmation otherwise. */
export type Report = (text: string, ok: boolean) => void;

function KycImage({ path }: { path: string }) {
  const t = useAdminText();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void fetchImage(path, getSession().accessToken ?? '').then((objectUrl) => {
      made = objectUrl;
      setUrl(objectUrl);
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url ? (
    <img className={styles.kycImage} src={url} alt={t('admin.kyc.imageAlt')} data-testid="kyc-image" />
  ) : (
    <span>…</span>
  );
}

export function KycPanel({ report }: { report: Report }) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['admin', 'kyc'], queryFn: fetchKyc });
  const decide = async (user: AdminKycUser, approve: boolean) => {
    const reason = approve ? '' : (window.prompt(t('admin.kyc.rejectReason', { user: user.userid })) ?? '');
    let answer;
    try {
      answer = await decideKyc(user.userNo, approve ? 1 : 2, reason);
    } catch {
      report(t('admin.networkFailed'), false);
      return;
    }
    const done = t(approve ? 'admin.kyc.approved' : 'admin.kyc.rejected', { user: user.userid });
    report(outcomeText(answer, done, t), answer.code === 0);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'kyc'] });
  };
  const users = query.data?.users ?? [];
  return (
    <div className={styles.cards} data-testid="kyc-queue">
      {users.length === 0 ? <p className={styles.empty}>{t('admin.kyc.empty')}</p> : null}
      {users.map((user) => (
        <article key={user.userNo} className={styles.kycCard} data-testid="kyc-row" data-user={user.userid}>
          {user.image ? <KycImage path={user.image} /> : <span className={styles.empty}>{t('admin.kyc.noImage')}</span>}
          <div>
            <strong>{user.userid}</strong>
            <p>
              #{user.userNo} · {user.name} · {user.phone}
            </p>
            <p className={styles.muted}>{formatDateTime(user.insertDate)}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => void decide(user, true)}
                data-testid="kyc-approve"
              >
                {t('admin.approve')}
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void decide(user, false)}>
                {t('admin.reject')}
              </button>
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}

/** A queue of withdrawals or settlement applications: status filter, approve, refuse with a reason. */
export function QueuePanel({ kind, report }: { kind: 'withdrawals' | 'settlements'; report: Report }) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(1);
  const key = ['admin', kind, status];
  const query = useQuery({
    queryKey: key,
    queryFn: () => (kind === 'withdrawals' ? fetchWithdrawals(status) : fetchSettlementApplications(status)),
  });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const fourEyesMin =
    query.data && 'fourEyesMin' in query.data ? (query.data.fourEyesMin as number | undefined) : undefined;
  const act = (row: AdminQueueWithdrawal, approve: boolean) => {
    const who = row.userid ?? t('admin.userNo', { no: String(row.userId ?? row.userNo) });
    const values = {
      no: row.no,
      who,
      amount: `${formatNumber(row.amount, 2)} USDT`,
      address: row.walletAddress ?? '',
      min: formatNumber(fourEyesMin ?? 0, 0),
    };
    // "First of two" only when the server says this approval is (four-eyes amount, no approval yet).
    const description =
      approve && row.firstOfTwo
        ? t('admin.queue.approveText.firstOfTwo', values)
        : t(`admin.queue.${approve ? 'approveText' : 'refuseText'}.${kind}`, values);
    setPending({
      title: t(`admin.queue.${approve ? 'approve' : 'refuse'}.${kind}`, values),
      description,
      confirmLabel: t(approve ? 'admin.approve' : 'admin.refuse'),
      danger: !approve,
      needsReason: !approve,
      reasonLabel: t('admin.queue.reason'),
      run: async (reason) => {
        let answer;
        if (approve)
          answer = kind === 'withdrawals' ? await approveWithdrawal(row.no) : await approveSettlement(row.no);
        else
          answer =
            kind === 'withdrawals' ? await refuseWithdrawal(row.no, reason) : await refuseSettlement(row.no, reason);
        const secondNeeded =
          (answer.data as { awaitingSecondApproval?: boolean } | null)?.awaitingSecondApproval === true;
        const done = secondNeeded
          ? 'admin.queue.secondNeeded'
          : approve
            ? 'admin.queue.approved'
            : 'admin.queue.refused';
        report(outcomeText(answer, t(done, values), t), answer.code === 0);
        // The first approval is recorded: until the queue is read again, a dialog on this row must not say "first".
        if (secondNeeded)
          queryClient.setQueryData<{ withdrawals: AdminQueueWithdrawal[] }>(key, (data) =>
            data
              ? {
                  ...data,
                  withdrawals: data.withdrawals.map((w) => (w.no === row.no ? { ...w, firstOfTwo: false } : w)),
                }
              : data,
          );
        void queryClient.invalidateQueries({ queryKey: ['admin', kind] });
      },
    });
  };
  const rows = query.data?.withdrawals ?? [];
  const cover = (query.data as { hotWallet?: AdminHotWalletCover } | undefined)?.hotWallet;
  return (
    <div data-testid={`${kind}-queue`}>
      {cover ? (
        <p className={cover.covered ? styles.muted : styles.error} data-testid="hot-wallet-cover">
          {t('admin.queue.hotWallet', {
            balance: cover.balance === null ? '-' : formatNumber(cover.balance, 2),
            waiting: formatNumber(cover.waitingTotal, 2),
          })}
          {cover.covered ? '' : ` · ${t('admin.queue.notCovered')}`}
        </p>
      ) : null}
      <div className={styles.filters}>
        {([1, 2, 4] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`btn btn--sm ${status === value ? 'btn--primary' : 'btn--ghost'}`}
            onClick={() => setStatus(value)}
          >
            {t(`admin.queue.status.${value}`)}
          </button>
        ))}
      </div>
      <div className="table-scroll">
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              <th>{t('admin.col.no')}</th>
              <th>{t('admin.col.user')}</th>
              <th className="num">{t('admin.col.amount')}</th>
              <th>{t(`admin.queue.target.${kind}`)}</th>
              <th>{t('admin.col.time')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.no} data-testid={`${kind}-row`} data-no={row.no}>
                <td>{row.no}</td>
                <td>{row.userid ?? row.userId ?? row.userNo}</td>
                <td className="num">{formatNumber(row.amount, 2)}</td>
                <td className={styles.mono}>
                  {kind === 'withdrawals'
                    ? `${row.walletAddress ?? ''}${
                        row.txHash
                          ? ` · ${row.txHash.slice(0, 10)}… · ${serverWord('chain', row.chainState, t)}` +
                            (row.confirmations == null
                              ? ''
                              : ` · ${t('admin.queue.confirmations', { n: row.confirmations })}`)
                          : ''
                      }`
                    : t((row as { paid?: boolean }).paid ? 'admin.queue.paid' : 'admin.queue.unpaid')}
                </td>
                <td>{formatDateTime(row.insertDate)}</td>
                <td className={styles.actions}>
                  {row.status === WithdrawalStatus.Wait && row.own ? (
                    <span className={styles.muted} data-testid={`${kind}-own`}>
                      {t('admin.queue.ownRequest')}
                    </span>
                  ) : row.status === WithdrawalStatus.Wait ? (
                    <>
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        onClick={() => act(row, true)}
                        data-testid={`${kind}-approve`}
                      >
                        {t('admin.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => act(row, false)}
                        data-testid={`${kind}-refuse`}
                      >
                        {t('admin.refuse')}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className={styles.empty}>{t('admin.nothing')}</p> : null}
      </div>
      {pending ? <ConfirmAction action={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}

export function HealthPanel() {
  const t = useAdminText();
  const query = useQuery({ queryKey: ['admin', 'health'], queryFn: fetchHealth, refetchInterval: 10_000 });
  return (
    <ul className={styles.checks} data-testid="ledger-health">
      {(query.data?.checks ?? []).map((check) => (
        <li
          key={check.name}
          className={check.ok ? styles.green : styles.red}
          data-testid="health-check"
          data-ok={check.ok}
        >
          <strong>{check.name}</strong> <span>{t(check.ok ? 'admin.health.ok' : 'admin.health.failing')}</span>
          <code>{JSON.stringify(check.detail)}</code>
        </li>
      ))}
    </ul>
  );
}

export function AuditPanel() {
  const t = useAdminText();
  const [action, setAction] = useState('');
  const query = useQuery({ queryKey: ['admin', 'audit', action], queryFn: () => fetchAudit(action) });
  return (
    <div data-testid="audit-log">
      <input
        className={styles.search}
        placeholder={t('admin.audit.filter')}
        value={action}
        onChange={(event) => setAction(event.target.value.toLowerCase().replace(/[^a-z0-9_.-]/g, ''))}
      />
      <div className="table-scroll">
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              <th>{t('admin.col.time')}</th>
              <th>{t('admin.audit.operator')}</th>
              <th>{t('admin.audit.action')}</th>
              <th>{t('admin.audit.target')}</th>
              <th>{t('admin.audit.change')}</th>
              <th>{t('admin.col.address')}</th>
            </tr>
          </thead>
          <tbody>
            {(query.data?.list ?? []).map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td>{formatDateTime(row.createdAt)}</td>
                <td>{row.operatorUserid ?? t('admin.audit.automatic')}</td>
                <td>{row.action}</td>
                <td>
                  {row.targetType} {row.targetId}
                </td>
                <td className={styles.mono}>
                  {JSON.stringify(row.previous)} → {JSON.stringify(row.next)} {row.reason ? `(${row.reason})` : ''}
                </td>
                <td>{row.clientAddress ?? '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function FeedbackPanel() {
  const t = useAdminText();
  const query = useQuery({ queryKey: ['admin', 'feedback'], queryFn: fetchFeedback });
  return (
    <div className={styles.cards} data-testid="feedback-inbox">
      {query.data?.list.length === 0 ? <p className={styles.empty}>{t('admin.feedback.empty')}</p> : null}
      {(query.data?.list ?? []).map((row, index) => (
        <article key={row.id ?? index} className={styles.kycCard}>
          <div>
            <strong>{row.title}</strong>
            <p>{row.body}</p>
            <p className={styles.muted}>
              {row.userNo == null ? t('admin.feedback.anonymous') : t('admin.userNo', { no: row.userNo })}
            </p>
          </div>
        </article>
      ))}
    </div>
  );
}
