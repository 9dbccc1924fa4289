import { ApproveStatus } from '@tickline/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import type { AdminFreezeTarget, AdminUserDetail } from '@tickline/protocol';
import { changeFreeze, fetchUserDetail, revokeSessions } from './api.ts';
import { ConfirmAction, type PendingAction } from './ConfirmAction.tsx';
import { PartnerControls } from './PartnerControls.tsx';
import type { Report } from './panels.tsx';
import { levelLabel, serverWord, UserFlags } from './userBits.tsx';
import { loadErrorText, outcomeText, useAdminText, type AdminText } from './useAdminText.ts';
import styles from './admin.module.css';

const money = (value: number) => formatNumber(value, 2, 'floor');
const side = (position: number, t: AdminText) => t(position === 1 ? 'admin.user.long' : 'admin.user.short');
/** A status by its word; one the console has no word for, by its number. */
const withdrawalStatus = (status: number, t: AdminText) =>
  status >= 1 && status <= 4 ? t(`admin.withdrawal.${status as 1 | 2 | 3 | 4}`) : String(status);
const depositStatus = (status: number, t: AdminText) =>
  status >= 1 && status <= 3 ? t(`admin.deposit.${status as 1 | 2 | 3}`) : String(status);

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
  const t = useAdminText();
  if (rows.length === 0) return <p className={styles.empty}>{t('admin.none')}</p>;
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
  const t = useAdminText();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const query = useQuery({ queryKey: ['admin', 'user', userNo], queryFn: () => fetchUserDetail(userNo) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });
  if (query.isPending) return <p className={styles.empty}>{t('admin.loading')}</p>;
  if (!query.data)
    return <p className={styles.error}>{query.error ? loadErrorText(query.error, t) : t('admin.user.loadFailed')}</p>;
  const detail: AdminUserDetail = query.data;
  const { user, freeze } = detail;

  const freezeAction = (frozen: boolean, target: keyof AdminFreezeTarget): PendingAction => {
    const key = `admin.freeze.${target}.${frozen ? 'off' : 'on'}` as const;
    return {
      title: t(key),
      description: t(`${key}Text`, { user: user.userid }),
      confirmLabel: t(key),
      danger: !frozen,
      needsReason: true,
      run: async (reason) => {
        const answer = await changeFreeze(!frozen, user.userNo, { [target]: true }, reason);
        report(outcomeText(answer, t(`${key}Done`, { user: user.userid }), t), answer.code === 0);
        refresh();
      },
    };
  };
  const revokeAction: PendingAction = {
    title: t('admin.sessions.title'),
    description: t('admin.sessions.text', { user: user.userid, n: detail.sessions.length }),
    confirmLabel: t('admin.sessions.end'),
    danger: true,
    run: async () => {
      const answer = await revokeSessions(user.userNo);
      const text = t('admin.sessions.done', { user: user.userid, n: answer.data?.revoked ?? 0 });
      report(outcomeText(answer, text, t), answer.code === 0);
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
            {user.name} · {user.phone} · {levelLabel(user.level, t)} ·{' '}
            {t('admin.user.joined', { date: formatDateTime(user.insertDate) })}
          </p>
          <UserFlags user={user} />
        </div>
        <div className={styles.actionsWrap}>
          <button
            type="button"
            className={`btn btn--sm ${freeze.trading ? 'btn--ghost' : styles.dangerOutline}`}
            onClick={() => setPending(freezeAction(freeze.trading, 'trading'))}
            data-testid="freeze-trading"
          >
            {t(freeze.trading ? 'admin.freeze.trading.off' : 'admin.freeze.trading.on')}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${freeze.withdrawals ? 'btn--ghost' : styles.dangerOutline}`}
            onClick={() => setPending(freezeAction(freeze.withdrawals, 'withdrawals'))}
            data-testid="freeze-withdrawals"
          >
            {t(freeze.withdrawals ? 'admin.freeze.withdrawals.off' : 'admin.freeze.withdrawals.on')}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${styles.dangerOutline}`}
            onClick={() => setPending(revokeAction)}
            data-testid="revoke-sessions"
          >
            {t('admin.sessions.end')}
          </button>
        </div>
      </header>

      <dl className={styles.facts}>
        <dt>{t('admin.fact.spot')}</dt>
        <dd>{money(detail.balance.bsc)}</dd>
        <dt>{t('admin.fact.futures')}</dt>
        <dd>{money(detail.balance.usdtm)}</dd>
        <dt>{t('admin.fact.available')}</dt>
        <dd>{money(detail.balance.balance)}</dd>
        <dt>{t('admin.fact.inMargin')}</dt>
        <dd>{money(detail.balance.usingRequiredAmount)}</dd>
        <dt>{t('admin.fact.depositAddress')}</dt>
        <dd className={styles.mono}>{user.bscAddress}</dd>
        <dt>{t('admin.fact.referralCode')}</dt>
        <dd className={styles.mono}>{user.referralCode}</dd>
        <dt>{t('admin.fact.kyc')}</dt>
        <dd>
          {t(
            `admin.fact.kyc.${user.approveStatus === ApproveStatus.Verified || user.approveStatus === ApproveStatus.Pending ? user.approveStatus : ApproveStatus.Rejected}`,
          )}
          {user.kycImage ? <span className={styles.muted}> · {t('admin.fact.imageOnFile')}</span> : null}
        </dd>
        <dt>{t('admin.fact.twoFactor')}</dt>
        <dd>{t(user.totpEnabled ? 'admin.fact.on' : 'admin.fact.off')}</dd>
        {user.withdrawalsBlockedUntil ? (
          <>
            <dt>{t('admin.fact.withdrawalsWait')}</dt>
            <dd>{formatDateTime(user.withdrawalsBlockedUntil)}</dd>
          </>
        ) : null}
        {freeze.reason ? (
          <>
            <dt>{t('admin.fact.freezeReason')}</dt>
            <dd data-testid="freeze-reason">
              {freeze.reason}
              <span className={styles.muted}>
                {' '}
                · {t('admin.fact.since', { date: formatDateTime(freeze.tradingSince ?? freeze.withdrawalsSince) })}
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

      <Section title={t('admin.section.position')}>
        <Mini
          head={[
            t('admin.col.side'),
            t('admin.col.size'),
            t('admin.col.entry'),
            t('admin.col.liquidation'),
            t('admin.col.margin'),
            t('admin.col.lev'),
          ]}
          rows={detail.positions.map((p) => [
            side(p.position, t),
            formatNumber(p.volume, 4),
            formatNumber(p.averagePrice, 2),
            formatNumber(p.liquidationPrice, 2),
            money(p.margin),
            `${p.leverage}×`,
          ])}
        />
      </Section>
      <Section title={t('admin.section.orders')} count={detail.orders.length}>
        <Mini
          head={[
            t('admin.col.no'),
            t('admin.col.side'),
            t('admin.col.size'),
            t('admin.col.price'),
            t('admin.col.lev'),
            t('admin.col.time'),
          ]}
          rows={detail.orders.map((o) => [
            o.no,
            side(o.position, t),
            formatNumber(o.volume, 4),
            o.price === 0 ? t('admin.order.market') : formatNumber(o.price, 2),
            `${o.leverage}×`,
            formatDateTime(o.insertDate),
          ])}
        />
      </Section>
      <Section title={t('admin.section.optionBets')} count={detail.optionOrders.length}>
        <Mini
          head={[
            t('admin.col.no'),
            t('admin.col.bet'),
            t('admin.col.stake'),
            t('admin.col.openPrice'),
            t('admin.col.time'),
          ]}
          rows={detail.optionOrders.map((o) => [
            o.no,
            t(o.betType === 1 ? 'admin.bet.higher' : 'admin.bet.lower'),
            money(o.volume),
            formatNumber(o.openPrice, 2),
            formatDateTime(o.insertDate),
          ])}
        />
      </Section>
      <Section title={t('admin.section.withdrawals')} count={detail.withdrawals.length}>
        <Mini
          head={[
            t('admin.col.no'),
            t('admin.col.amount'),
            t('admin.col.status'),
            t('admin.col.to'),
            t('admin.col.time'),
          ]}
          rows={detail.withdrawals.map((w) => [
            w.no,
            money(w.amount),
            `${withdrawalStatus(w.status, t)}${w.txHash ? ` · ${serverWord('chain', w.chainState, t)}` : ''}`,
            <span className={styles.mono}>{w.walletAddress}</span>,
            formatDateTime(w.insertDate),
          ])}
        />
      </Section>
      <Section title={t('admin.section.deposits')} count={detail.deposits.length}>
        <Mini
          head={[
            t('admin.col.no'),
            t('admin.col.amount'),
            t('admin.col.status'),
            t('admin.col.transaction'),
            t('admin.col.time'),
          ]}
          rows={detail.deposits.map((d) => [
            d.no,
            money(d.amount),
            `${depositStatus(d.status, t)}${d.kind === 'deposit' ? '' : ` · ${serverWord('deposit', d.kind, t)}`}`,
            <span className={styles.mono}>{d.txHash}</span>,
            formatDateTime(d.insertDate),
          ])}
        />
      </Section>
      <Section title={t('admin.section.sessions')} count={detail.sessions.length}>
        <Mini
          head={[t('admin.col.device'), t('admin.col.address'), t('admin.col.signedIn'), t('admin.col.lastUsed')]}
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
      <Section title={t('admin.section.upline')} count={detail.upline.length}>
        <Mini
          head={[t('admin.col.no'), t('admin.col.user'), t('admin.users.level'), t('admin.col.code')]}
          rows={detail.upline.map((u) => [u.userNo, u.userid, levelLabel(u.level, t), u.referralCode])}
        />
      </Section>
      {pending ? <ConfirmAction action={pending} onClose={() => setPending(null)} /> : null}
    </div>
  );
}
