import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { verifyReservesProof } from '@tickline/verify';
import type { ReservesProofView } from '@tickline/protocol/routes';
import { isLoggedIn, useSession } from '../../api/session.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { ActionError } from '../../ui/ActionError.tsx';
import { useUserInfo } from '../account/queries.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { fetchReserves, fetchReservesProof } from './api.ts';
import { formatMicro, formatRatio, shortHash } from './format.ts';
import styles from './audit.module.css';

type Step = ReservesProofView['path'][number];
type Check =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; proof: ReservesProofView | null; ok: boolean; message: string };

/** `/reserves` (#35): the reserve ratio of the newest snapshot, and the caller's inclusion checked in the browser. */
export function ReservesScreen() {
  const t = useT();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const info = useUserInfo();
  const reserves = useQuery({ queryKey: ['audit', 'reserves'], queryFn: fetchReserves });
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const data = reserves.data;

  async function verify() {
    setCheck({ state: 'running' });
    try {
      const proof = await fetchReservesProof();
      const result = await verifyReservesProof(proof, info.data?.no);
      const sameRoot = data !== undefined && proof.root.hash === data.root.hash && proof.root.sum === data.root.sum;
      const ok = result.ok && sameRoot;
      const message = ok
        ? t('reserves.included', { balance: formatMicro(proof.leaf.balanceMicro), steps: proof.path.length })
        : t('reserves.notIncluded', { reason: result.ok ? 'the root is not the published one' : result.reason });
      setCheck({ state: 'done', proof, ok, message });
    } catch (error) {
      setCheck({ state: 'done', proof: null, ok: false, message: (error as Error).message });
    }
  }

  const columns: Column<Step & { level: number }>[] = [
    { header: '#', className: 'num', labelled: true, cell: (step) => step.level },
    { header: t('reserves.side'), labelled: true, cell: (step) => step.side },
    {
      header: t('roundLog.hash'),
      labelled: true,
      cell: (step) => <span title={step.hash}>{shortHash(step.hash)}</span>,
    },
    { header: t('reserves.sum'), className: 'num', labelled: true, cell: (step) => formatMicro(step.sum) },
  ];

  return (
    <div className="page" data-testid="reserves">
      <PageHeader title={t('reserves.title')} subtitle={t('reserves.subtitle')} />
      <div className={`container ${styles.body}`}>
        <ActionError message={reserves.error?.message} />
        {data ? (
          <>
            <dl className={`card ${styles.figures}`}>
              <div>
                <dt>{t('reserves.ratio')}</dt>
                <dd className={styles.ratio} data-testid="reserves-ratio">
                  {formatRatio(data.ratio)}
                </dd>
              </div>
              <div>
                <dt>{t('reserves.liabilities')}</dt>
                <dd data-testid="reserves-liabilities">{formatMicro(data.root.sum)}</dd>
              </div>
              <div>
                <dt>{t('reserves.assets')}</dt>
                <dd data-testid="reserves-assets">{formatMicro(data.assets.total)}</dd>
              </div>
              <div>
                <dt>{t('reserves.hotWallet')}</dt>
                <dd>{formatMicro(data.assets.hotWallet)}</dd>
              </div>
              <div>
                <dt>{t('reserves.depositAddresses')}</dt>
                <dd>{formatMicro(data.assets.depositAddresses)}</dd>
              </div>
              <div>
                <dt>{t('reserves.takenAt')}</dt>
                <dd>{formatDateTime(data.at)}</dd>
              </div>
            </dl>
            {data.demo ? (
              <p className={styles.demo} data-testid="reserves-demo">
                {t('reserves.demo')}
              </p>
            ) : null}
            <section className={`card ${styles.card}`}>
              <h2 className={styles.cardTitle}>{t('reserves.root')}</h2>
              <p className={styles.hash} data-testid="reserves-root">
                {data.root.hash}
              </p>
              <p className={styles.note}>{t('reserves.how')}</p>
              {loggedIn ? (
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={check.state === 'running'}
                  onClick={() => void verify()}
                  data-testid="reserves-verify"
                >
                  {check.state === 'running' ? t('reserves.verifying') : t('reserves.verify')}
                </button>
              ) : (
                <Link to="/login">{t('reserves.login')}</Link>
              )}
              {check.state === 'done' ? (
                <div className={check.ok ? styles.ok : styles.bad} role="status" data-testid="reserves-result">
                  <p>{check.message}</p>
                </div>
              ) : null}
              {check.state === 'done' && check.proof ? (
                <>
                  <dl className={styles.hashes}>
                    <dt>{t('reserves.yourLeaf')}</dt>
                    <dd className={styles.hash}>
                      {check.proof.leaf.userHash} · nonce {check.proof.leaf.nonce} ·{' '}
                      {formatMicro(check.proof.leaf.balanceMicro)} USDT
                    </dd>
                  </dl>
                  <h3 className={styles.cardTitle}>{t('reserves.path')}</h3>
                  <DataTable
                    columns={columns}
                    rows={check.proof.path.map((step, level) => ({ ...step, level: level + 1 }))}
                    rowKey="level"
                    className="table--stack"
                    wrapperClassName={`table-scroll ${styles.path}`}
                    testId="reserves-path"
                  />
                </>
              ) : null}
              <p className={styles.note}>{t('reserves.cli')}</p>
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}
