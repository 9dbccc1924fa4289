import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROUND_LOG_GENESIS, verifyHeadSignature, verifyRoundChain } from '@tickline/verify';
import type { RoundLogRecordView } from '@tickline/protocol/routes';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatNumber } from '../../lib/format.ts';
import { fetchAuditKey, fetchRoundRecord } from './api.ts';
import styles from './audit.module.css';

const RESULT = { 1: 'result.1', 2: 'result.2', 3: 'result.3' } as const;

type Check = { state: 'idle' } | { state: 'running' } | { state: 'done'; lines: string[]; ok: boolean };

/** A settled round's place in the round log (#35), and a button that recomputes its hash with WebCrypto. */
export function RoundLogCard({ roundStart }: { roundStart: number }) {
  const t = useT();
  const record = useQuery({
    queryKey: ['audit', 'round-record', roundStart],
    queryFn: () => fetchRoundRecord(roundStart),
    // Appended within seconds of the settlement: asked again until it is there.
    refetchInterval: (state) => (state.state.data?.rounds.length ? false : 5_000),
  });
  const key = useQuery({ queryKey: ['audit', 'key'], queryFn: fetchAuditKey });
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const rounds = record.data?.rounds ?? [];
  const mine = rounds.find((round) => round.roundStartMs === roundStart);
  const previous = rounds.find((round) => mine && round.seq === mine.seq - 1) ?? null;

  async function verify(target: RoundLogRecordView) {
    setCheck({ state: 'running' });
    const lines: string[] = [];
    const chain = previous ? [previous, target] : [target];
    const result = await verifyRoundChain(chain, previous ? previous.prevHash : ROUND_LOG_GENESIS, chain[0]!.seq);
    let ok = result.ok && (previous !== null || target.seq === 1);
    if (result.ok) lines.push(previous ? t('roundLog.verified', { prev: previous.seq }) : t('roundLog.verifiedFirst'));
    else lines.push(t('roundLog.failed', { reason: `${result.reason} of record ${result.seq}` }));
    const signed = key.data ?? (await fetchAuditKey());
    const signature = await verifyHeadSignature(signed.publicKey, signed.head);
    const short = `${signed.publicKey.slice(0, 12)}…`;
    if (signature === null) lines.push(t('roundLog.signatureUnsupported'));
    else
      lines.push(t(signature ? 'roundLog.signed' : 'roundLog.signatureBad', { count: signed.head.count, key: short }));
    ok = ok && signature !== false;
    setCheck({ state: 'done', lines, ok });
  }

  return (
    <section className={`card ${styles.card}`} data-testid="round-log">
      <h2 className={styles.cardTitle}>{t('roundLog.title')}</h2>
      {mine ? (
        <>
          <p className={styles.place} data-testid="round-log-place">
            {t('roundLog.place', { seq: mine.seq, count: Math.max(key.data?.head.count ?? mine.seq, mine.seq) })}
            {' · '}
            {t('roundLog.prices', {
              open: mine.openPrice === 0 ? '-' : formatNumber(mine.openPrice, 2),
              close: mine.closePrice === 0 ? '-' : formatNumber(mine.closePrice, 2),
              result: `${mine.result} (${t(RESULT[mine.result])})`,
            })}
          </p>
          <dl className={styles.hashes}>
            <dt>{t('roundLog.prevHash')}</dt>
            <dd className={styles.hash}>{mine.prevHash}</dd>
            <dt>{t('roundLog.hash')}</dt>
            <dd className={styles.hash} data-testid="round-log-hash">
              {mine.hash}
            </dd>
          </dl>
          <p className={styles.note}>{t('roundLog.formula')}</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={check.state === 'running'}
            onClick={() => void verify(mine)}
            data-testid="round-log-verify"
          >
            {check.state === 'running' ? t('roundLog.verifying') : t('roundLog.verify')}
          </button>
          {check.state === 'done' ? (
            <div className={check.ok ? styles.ok : styles.bad} role="status" data-testid="round-log-result">
              {check.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
          {key.data?.anchor ? (
            <p className={styles.note}>
              {t('roundLog.anchor', {
                chainId: key.data.anchor.chainId,
                day: key.data.anchor.day,
                tx: key.data.anchor.txHash,
              })}
            </p>
          ) : null}
        </>
      ) : (
        <p className={styles.note}>{t('roundLog.pending')}</p>
      )}
    </section>
  );
}
