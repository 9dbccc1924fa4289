import { RoundStatus } from '@tickline/protocol';
import { useQuery } from '@tanstack/react-query';
import { ActionError } from '../../ui/ActionError.tsx';
import type { OptionRoundAudit, RoundSourceQuote, RoundTickView } from '@tickline/protocol';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../lib/format.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { RoundLogCard } from '../audit/RoundLogCard.tsx';
import { fetchRoundAudit } from './api.ts';
import { formatUtcTime, roundOutcome } from './format.ts';
import styles from './roundAudit.module.css';

const STATUS = ['audit.statusOpen', 'audit.statusEnded', 'audit.statusSettled'] as const;

/** `/options/round/:roundStart`: a round's settlement, its open and close ticks and the quotes behind them. */
export function RoundAuditScreen() {
  const t = useT();
  const roundStart = Number(useParams().roundStart);
  const [search] = useSearchParams();
  const query = useQuery({
    queryKey: ['options', 'round-audit', roundStart],
    queryFn: () => fetchRoundAudit(roundStart),
    // An open or settling round changes; a settled one never does.
    refetchInterval: (state) => (state.state.data && state.state.data.status < 2 ? 5_000 : false),
    retry: false,
  });
  const audit = query.data;
  const minuteMs = audit ? audit.roundEnd - audit.roundStart : 60_000;
  const subtitle = t('audit.subtitle', {
    start: formatUtcTime(roundStart, 'minute'),
    end: formatUtcTime(roundStart + minuteMs, 'minute'),
  });
  return (
    <div className="page" data-testid="round-audit">
      <PageHeader title={t('audit.title')} subtitle={subtitle} />
      <div className={`container ${styles.body}`}>
        <nav className={styles.nav}>
          <Link to={`/options/round/${roundStart - minuteMs}`}>{t('audit.previous')}</Link>
          <Link to={`/options/round/${roundStart + minuteMs}`}>{t('audit.next')}</Link>
          <Link to="/options">{t('audit.backToOptions')}</Link>
        </nav>
        <ActionError message={query.error?.message} />
        {audit ? <AuditSummary audit={audit} bet={betFrom(search)} /> : null}
        {audit && !audit.ticksKept && audit.status === RoundStatus.Settled ? (
          <p className={styles.note}>{t('audit.notKept')}</p>
        ) : null}
        {audit ? (
          <div className={styles.ticks}>
            <TickCard title={t('audit.openTick')} tick={audit.open} testId="audit-open" />
            <TickCard title={t('audit.closeTick')} tick={audit.close} testId="audit-close" />
          </div>
        ) : null}
        {audit?.status === RoundStatus.Settled ? <RoundLogCard roundStart={roundStart} /> : null}
        <p className={styles.note}>{t('audit.rule')}</p>
      </div>
    </div>
  );
}

interface BetQuery {
  side: 1 | 2;
  open: number;
}

function betFrom(search: URLSearchParams): BetQuery | null {
  const side = Number(search.get('side'));
  const open = Number(search.get('open'));
  return (side === 1 || side === 2) && open > 0 ? { side, open } : null;
}

function AuditSummary({ audit, bet }: { audit: OptionRoundAudit; bet: BetQuery | null }) {
  const t = useT();
  const outcome = bet && audit.status === RoundStatus.Settled ? roundOutcome(bet, audit.resultPrice) : null;
  return (
    <dl className={`card ${styles.summary}`} data-testid="audit-summary">
      <div>
        <dt>{t('audit.status')}</dt>
        <dd data-testid="audit-status">{t(STATUS[audit.status])}</dd>
      </div>
      <div>
        <dt>{t('audit.resultPrice')}</dt>
        <dd data-testid="audit-result">
          {audit.resultPrice === null
            ? '-'
            : audit.resultPrice === 0
              ? t('audit.noPrice')
              : formatNumber(audit.resultPrice, 2)}
        </dd>
      </div>
      <div>
        <dt>{t('audit.settledAt')}</dt>
        <dd>{audit.settledAt === null ? '-' : formatUtcTime(audit.settledAt, 'ms')}</dd>
      </div>
      <div>
        <dt>{t('audit.bets')}</dt>
        <dd>{audit.betCount}</dd>
      </div>
      {bet ? (
        <div className={styles.bet} data-testid="audit-bet">
          <dt>{t('audit.yourBet', { side: bet.side === 1 ? 'LONG' : 'SHORT', open: formatNumber(bet.open, 2) })}</dt>
          <dd>{outcome ? `${t(outcome[0])} · ${t(outcome[1])}` : '-'}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function TickCard({ title, tick, testId }: { title: string; tick: RoundTickView | null; testId: string }) {
  const t = useT();
  const columns: Column<RoundSourceQuote>[] = [
    { header: t('audit.source'), labelled: true, cell: (quote) => quote.source },
    { header: t('audit.sourcePrice'), className: 'num', labelled: true, cell: (quote) => formatNumber(quote.price, 2) },
    { header: t('audit.quotedAt'), labelled: true, cell: (quote) => formatUtcTime(quote.quotedAt, 'ms') },
    {
      header: t('audit.age'),
      className: 'num',
      labelled: true,
      cell: (quote) => (tick ? `${formatNumber(tick.takenAt - quote.quotedAt, 0)} ms` : '-'),
    },
  ];
  return (
    <section className={`card ${styles.tick}`} data-testid={testId}>
      <h2 className={styles.tickTitle}>{title}</h2>
      {tick ? (
        <>
          <p className={styles.tickPrice}>
            <span>{t('audit.price')}</span>{' '}
            <strong data-testid={`${testId}-price`}>{formatNumber(tick.price, 2)}</strong>
            <span>{t('audit.takenAt')}</span> <time>{formatUtcTime(tick.takenAt, 'ms')}</time>
          </p>
          <DataTable
            columns={columns}
            rows={tick.sources}
            rowKey="source"
            className="table--stack"
            wrapperClassName="table-scroll"
            testId={`${testId}-sources`}
          />
        </>
      ) : (
        <p className={styles.note}>{t('audit.noTick')}</p>
      )}
    </section>
  );
}
