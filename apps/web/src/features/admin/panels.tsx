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
  type KycUser,
  type QueueWithdrawal,
} from './api.ts';
import { ConfirmAction, type PendingAction } from './ConfirmAction.tsx';
import type { HotWalletCover } from './api.ts';
import styles from './admin.module.css';

/** The outcome of an action: the server's message on a refusal, a short confirmation otherwise. */
export type Report = (text: string, ok: boolean) => void;

function KycImage({ path }: { path: string }) {
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
  return url ? <img className={styles.kycImage} src={url} alt="KYC upload" data-testid="kyc-image" /> : <span>…</span>;
}

export function KycPanel({ report }: { report: Report }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['admin', 'kyc'], queryFn: fetchKyc });
  const decide = async (user: KycUser, approve: boolean) => {
    const reason = approve ? '' : (window.prompt(`Reason for rejecting ${user.userid}`) ?? '');
    const answer = await decideKyc(user.userNo, approve ? 1 : 2, reason);
    report(
      answer.code === 0 ? `${user.userid}: ${approve ? 'approved' : 'rejected'}` : answer.message,
      answer.code === 0,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin', 'kyc'] });
  };
  const users = query.data?.users ?? [];
  return (
    <div className={styles.cards} data-testid="kyc-queue">
      {users.length === 0 ? <p className={styles.empty}>No user is waiting for a KYC decision.</p> : null}
      {users.map((user) => (
        <article key={user.userNo} className={styles.kycCard} data-testid="kyc-row" data-user={user.userid}>
          {user.image ? <KycImage path={user.image} /> : <span className={styles.empty}>no image</span>}
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
                Approve
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void decide(user, false)}>
                Reject
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
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(1);
  const key = ['admin', kind, status];
  const query = useQuery({
    queryKey: key,
    queryFn: () => (kind === 'withdrawals' ? fetchWithdrawals(status) : fetchSettlementApplications(status)),
  });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const noun = kind === 'withdrawals' ? 'withdrawal' : 'settlement application';
  const act = (row: QueueWithdrawal, approve: boolean) => {
    const who = row.userid ?? `user ${row.userId ?? row.userNo}`;
    const amount = `${formatNumber(row.amount, 2)} USDT`;
    setPending({
      title: `${approve ? 'Approve' : 'Refuse'} ${noun} #${row.no}`,
      description: approve
        ? kind === 'withdrawals'
          ? `${amount} of ${who} to ${row.walletAddress ?? ''} is signed and sent on chain. From the four-eyes ` +
            'amount your approval is the first of two, by different operators.'
          : `${amount} of ${who} is paid from the settlement into the partner's spot wallet.`
        : `The ${noun} of ${amount} of ${who} is refused and the amount goes back to the user. The user sees the reason.`,
      confirmLabel: approve ? 'Approve' : 'Refuse',
      danger: !approve,
      needsReason: !approve,
      reasonLabel: 'Reason (shown to the user and kept in the audit log)',
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
          ? 'first approval recorded; a second operator must approve'
          : approve
            ? 'approved'
            : 'refused';
        report(answer.code === 0 ? `#${row.no}: ${done}` : answer.message, answer.code === 0);
        void queryClient.invalidateQueries({ queryKey: ['admin', kind] });
      },
    });
  };
  const rows = query.data?.withdrawals ?? [];
  const cover = (query.data as { hotWallet?: HotWalletCover } | undefined)?.hotWallet;
  return (
    <div data-testid={`${kind}-queue`}>
      {cover ? (
        <p className={cover.covered ? styles.muted : styles.error} data-testid="hot-wallet-cover">
          Hot wallet {cover.balance === null ? '-' : formatNumber(cover.balance, 2)} USDT · waiting requests{' '}
          {formatNumber(cover.waitingTotal, 2)} USDT{cover.covered ? '' : ' · not covered: the queue will hold'}
        </p>
      ) : null}
      <div className={styles.filters}>
        {[1, 2, 4].map((value) => (
          <button
            key={value}
            type="button"
            className={`btn btn--sm ${status === value ? 'btn--primary' : 'btn--ghost'}`}
            onClick={() => setStatus(value)}
          >
            {value === 1 ? 'Pending' : value === 2 ? 'Approved' : 'Refused'}
          </button>
        ))}
      </div>
      <div className="table-scroll">
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              <th>No</th>
              <th>User</th>
              <th className="num">Amount</th>
              <th>{kind === 'withdrawals' ? 'Address / chain' : 'Paid'}</th>
              <th>Time</th>
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
                          ? ` · ${row.txHash.slice(0, 10)}… · ${row.chainState}` +
                            (row.confirmations == null ? '' : ` · ${row.confirmations} conf.`)
                          : ''
                      }`
                    : String(Boolean((row as { paid?: boolean }).paid))}
                </td>
                <td>{formatDateTime(row.insertDate)}</td>
                <td className={styles.actions}>
                  {row.status === 1 ? (
                    <>
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        onClick={() => act(row, true)}
                        data-testid={`${kind}-approve`}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => act(row, false)}
                        data-testid={`${kind}-refuse`}
                      >
                        Refuse
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className={styles.empty}>Nothing here.</p> : null}
      </div>
      {pending ? <ConfirmAction action={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}

export function HealthPanel() {
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
          <strong>{check.name}</strong> <span>{check.ok ? 'OK' : 'FAILING'}</span>
          <code>{JSON.stringify(check.detail)}</code>
        </li>
      ))}
    </ul>
  );
}

export function AuditPanel() {
  const [action, setAction] = useState('');
  const query = useQuery({ queryKey: ['admin', 'audit', action], queryFn: () => fetchAudit(action) });
  return (
    <div data-testid="audit-log">
      <input
        className={styles.search}
        placeholder="action or area, e.g. kyc, withdrawal"
        value={action}
        onChange={(event) => setAction(event.target.value.toLowerCase().replace(/[^a-z0-9_.-]/g, ''))}
      />
      <div className="table-scroll">
        <table className={`table ${styles.table}`}>
          <thead>
            <tr>
              <th>Time</th>
              <th>Operator</th>
              <th>Action</th>
              <th>Target</th>
              <th>Before → after</th>
              <th>Address</th>
            </tr>
          </thead>
          <tbody>
            {(query.data?.list ?? []).map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td>{formatDateTime(row.createdAt)}</td>
                <td>{row.operatorUserid ?? 'automatic'}</td>
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
  const query = useQuery({ queryKey: ['admin', 'feedback'], queryFn: fetchFeedback });
  return (
    <div className={styles.cards} data-testid="feedback-inbox">
      {(query.data?.list ?? []).map((row, index) => (
        <article key={row.id ?? index} className={styles.kycCard}>
          <div>
            <strong>{row.title}</strong>
            <p>{row.body}</p>
            <p className={styles.muted}>user {row.userNo ?? 'anonymous'}</p>
          </div>
        </article>
      ))}
    </div>
  );
}
