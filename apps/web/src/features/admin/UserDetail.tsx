import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { changeFreeze, fetchUserDetail, revokeSessions, type FreezeTarget, type UserDetail } from './api.ts';
import { ConfirmAction, type PendingAction } from './ConfirmAction.tsx';
import { PartnerControls } from './PartnerControls.tsx';
import type { Report } from './panels.tsx';
import { levelLabel, UserFlags } from './userBits.tsx';
import styles from './admin.module.css';

const money = (value: number) => formatNumber(value, 2, 'floor');
const side = (position: number) => (position === 1 ? 'Long' : 'Short');
const WITHDRAWAL_STATUS: Record<number, string> = { 1: 'waiting', 2: 'approved', 3: 'cancelled', 4: 'refused' };
const DEPOSIT_STATUS: Record<number, string> = { 1: 'confirming', 2: 'completed', 3: 'reverted' };

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3>
        {title}
        {count === undefined ? null : <span className={styles.muted}> {count}</span>}
      </h3>
      {children}
    </section>
  );
}

/** A small table; `rows` empty shows "none". */
function Mini({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId?: string }) {
  if (rows.length === 0) return <p className={styles.empty}>none</p>;
  return (
    <div className="table-scroll">
      <table className={`table ${styles.table} ${styles.dense}`} data-testid={testId}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One user's account on one page, with the freeze and session controls (each confirmed first). */
export function UserDetailView({ userNo, report }: { userNo: number; report: Report }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const query = useQuery({ queryKey: ['admin', 'user', userNo], queryFn: () => fetchUserDetail(userNo) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  if (query.isPending) return <p className={styles.empty}>Loading…</p>;
  if (!query.data) return <p className={styles.error}>{query.error?.message ?? 'Could not load this user.'}</p>;
  const detail: UserDetail = query.data;
  const { user, freeze } = detail;

  const freezeAction = (frozen: boolean, target: FreezeTarget, what: string): PendingAction => ({
    title: `${frozen ? 'Unfreeze' : 'Freeze'} ${what}`,
    description: frozen
      ? `${user.userid} can use ${what} again. The user is told.`
      : `${user.userid}: ${
          target.trading
            ? 'new orders and option bets are refused (cancels and closes stay allowed)'
            : 'withdrawal requests are refused and waiting ones are not sent'
        } until unfrozen. The user is told, without your reason.`,
    confirmLabel: frozen ? `Unfreeze ${what}` : `Freeze ${what}`,
    danger: !frozen,
    needsReason: true,
    run: async (reason) => {
      const answer = await changeFreeze(!frozen, user.userNo, target, reason);
      report(
        answer.code === 0 ? `${user.userid}: ${what} ${frozen ? 'unfrozen' : 'frozen'}` : answer.message,
        answer.code === 0,
      );
      refresh();
    },
  });
  const revokeAction: PendingAction = {
    title: 'End every session',
    description: `${user.userid} is signed out on every device (${detail.sessions.length} live), and live streams end.`,
    confirmLabel: 'End sessions',
    danger: true,
    run: async () => {
      const answer = await revokeSessions(user.userNo);
      report(
        answer.code === 0 ? `${user.userid}: ${answer.data?.revoked ?? 0} session(s) ended` : answer.message,
        answer.code === 0,
      );
      refresh();
    },
  };

  return (
    <div className={styles.detail} data-testid="user-detail" data-user={user.userid}>
      <header className={styles.detailHead}>
        <div>
          <h2>
            {user.userid} <span className={styles.muted}>#{user.userNo}</span>
          </h2>
          <p className={styles.muted}>
            {user.name} · {user.phone} · {levelLabel(user.level)} · joined {formatDateTime(user.insertDate)}
          </p>
          <UserFlags user={user} />
        </div>
        <div className={styles.actionsWrap}>
          <button
            type="button"
            className={`btn btn--sm ${freeze.trading ? 'btn--ghost' : styles.dangerOutline}`}
            onClick={() => setPending(freezeAction(freeze.trading, { trading: true }, 'trading'))}
            data-testid="freeze-trading"
          >
            {freeze.trading ? 'Unfreeze trading' : 'Freeze trading'}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${freeze.withdrawals ? 'btn--ghost' : styles.dangerOutline}`}
            onClick={() => setPending(freezeAction(freeze.withdrawals, { withdrawals: true }, 'withdrawals'))}
            data-testid="freeze-withdrawals"
          >
            {freeze.withdrawals ? 'Unfreeze withdrawals' : 'Freeze withdrawals'}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${styles.dangerOutline}`}
            onClick={() => setPending(revokeAction)}
            data-testid="revoke-sessions"
          >
            End sessions
          </button>
        </div>
      </header>

      <dl className={styles.facts}>
        <dt>Spot</dt>
        <dd>{money(detail.balance.bsc)}</dd>
        <dt>Futures</dt>
        <dd>{money(detail.balance.usdtm)}</dd>
        <dt>Available</dt>
        <dd>{money(detail.balance.balance)}</dd>
        <dt>In margin</dt>
        <dd>{money(detail.balance.usingRequiredAmount)}</dd>
        <dt>Deposit address</dt>
        <dd className={styles.mono}>{user.bscAddress}</dd>
        <dt>Referral code</dt>
        <dd className={styles.mono}>{user.referralCode}</dd>
        <dt>KYC</dt>
        <dd>
          {user.approveStatus === 1 ? 'verified' : user.approveStatus === 3 ? 'pending' : 'rejected'}
          {user.kycImage ? <span className={styles.muted}> · image on file</span> : null}
        </dd>
        <dt>Two-factor</dt>
        <dd>{user.totpEnabled ? 'on' : 'off'}</dd>
        {user.withdrawalsBlockedUntil ? (
          <>
            <dt>Withdrawals wait until</dt>
            <dd>{formatDateTime(user.withdrawalsBlockedUntil)}</dd>
          </>
        ) : null}
        {freeze.reason ? (
          <>
            <dt>Freeze reason</dt>
            <dd data-testid="freeze-reason">
              {freeze.reason}
              <span className={styles.muted}>
                {' '}
                · since {formatDateTime(freeze.tradingSince ?? freeze.withdrawalsSince)}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
      {/* Operators are never listed here: every user shown is a member or a partner. */}
      <PartnerControls
        key={`${user.userNo}-${user.level}`}
        user={user}
        confirm={setPending}
        done={(message, ok) => {
          report(message, ok);
          refresh();
        }}
      />

      <Section title="Position">
        <Mini
          head={['Side', 'Size BTC', 'Entry', 'Liquidation', 'Margin', 'Lev']}
          rows={detail.positions.map((p) => [
            side(p.position),
            formatNumber(p.volume, 4),
            formatNumber(p.averagePrice, 2),
            formatNumber(p.liquidationPrice, 2),
            money(p.margin),
            `${p.leverage}×`,
          ])}
        />
      </Section>
      <Section title="Open orders" count={detail.orders.length}>
        <Mini
          head={['No', 'Side', 'Size BTC', 'Price', 'Lev', 'Time']}
          rows={detail.orders.map((o) => [
            o.no,
            side(o.position),
            formatNumber(o.volume, 4),
            o.price === 0 ? 'market' : formatNumber(o.price, 2),
            `${o.leverage}×`,
            formatDateTime(o.insertDate),
          ])}
        />
      </Section>
      <Section title="Waiting option bets" count={detail.optionOrders.length}>
        <Mini
          head={['No', 'Bet', 'Stake', 'Open price', 'Time']}
          rows={detail.optionOrders.map((o) => [
            o.no,
            o.betType === 1 ? 'Higher' : 'Lower',
            money(o.volume),
            formatNumber(o.openPrice, 2),
            formatDateTime(o.insertDate),
          ])}
        />
      </Section>
      <Section title="Recent withdrawals" count={detail.withdrawals.length}>
        <Mini
          head={['No', 'Amount', 'Status', 'To', 'Time']}
          rows={detail.withdrawals.map((w) => [
            w.no,
            money(w.amount),
            `${WITHDRAWAL_STATUS[w.status] ?? w.status}${w.txHash ? ` · ${w.chainState}` : ''}`,
            <span className={styles.mono}>{w.walletAddress}</span>,
            formatDateTime(w.insertDate),
          ])}
        />
      </Section>
      <Section title="Recent deposits" count={detail.deposits.length}>
        <Mini
          head={['No', 'Amount', 'Status', 'Transaction', 'Time']}
          rows={detail.deposits.map((d) => [
            d.no,
            money(d.amount),
            `${DEPOSIT_STATUS[d.status] ?? d.status}${d.kind === 'deposit' ? '' : ` · ${d.kind}`}`,
            <span className={styles.mono}>{d.txHash}</span>,
            formatDateTime(d.insertDate),
          ])}
        />
      </Section>
      <Section title="Live sessions" count={detail.sessions.length}>
        <Mini
          head={['Device', 'Address', 'Signed in', 'Last used']}
          testId="user-sessions"
          rows={detail.sessions.map((s) => [
            <span className={styles.clip} title={s.device}>
              {s.device || '-'}
            </span>,
            s.address || '-',
            formatDateTime(s.createdAt),
            formatDateTime(s.lastUsedAt),
          ])}
        />
      </Section>
      <Section title="Referral chain (upline, nearest first)" count={detail.upline.length}>
        <Mini
          head={['No', 'User', 'Level', 'Code']}
          rows={detail.upline.map((u) => [u.userNo, u.userid, levelLabel(u.level), u.referralCode])}
        />
      </Section>
      {pending ? <ConfirmAction action={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}
