import { OptionResult } from '@tickline/protocol';
import type { OptionOrderRow, PageInfo } from '@tickline/protocol';
import { formatUsdt } from '@tickline/money';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { microsOf, ticksOf } from '../../lib/units.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { roundAuditPath } from '../option-audit/api.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { liveOutcome } from './calc/round.ts';
import { useServerRules } from '../rules/useServerRules.ts';
import styles from './options.module.css';

/** Seed 001 §3 code values. */
export const TRADING_RESULT = [
  'options.resultWait',
  'options.resultLong',
  'options.resultShort',
  'options.resultError',
] as const;
export const HISTORY_RESULT = [
  'options.historyWait',
  'options.historyHigher',
  'options.historyLower',
  'options.historyEq',
] as const;
/** Seed 001 §4: the bet-type column shows HIGHER only when the value is 1, otherwise LOWER. */
export const betTypeLabel = (betType: number) => (betType === 1 ? 'options.historyHigher' : 'options.historyLower');

const signedUsdt = (micro: number) => `${micro > 0 ? '+' : micro < 0 ? '-' : ''}${formatUsdt(Math.abs(micro))}`;
const WRAPPER = `table-scroll ${styles.tableWrap}`;

/** A settled bet links to its round's audit (open and close ticks, their sources). */
function roundColumn(t: ReturnType<typeof useT>): Column<OptionOrderRow> {
  return {
    header: t('options.audit'),
    labelled: true,
    cell: (row) =>
      row.result === OptionResult.Wait ? (
        '-'
      ) : (
        <Link to={roundAuditPath(row)} data-testid="option-round-link">
          {t('options.auditLink')}
        </Link>
      ),
  };
}

/** Recent Transaction(n): the seed's trading-screen labels; a waiting bet shows live whether it wins and by how much. */
export function RecentOptionOrders({ rows, index }: { rows: readonly OptionOrderRow[]; index: number | null }) {
  const t = useT();
  const payoutRateBps = useServerRules()?.option.payoutRateBps;
  const { up, down } = { up: styles.up, down: styles.down };
  const columns: Column<OptionOrderRow>[] = [
    { header: t('options.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    {
      header: t('options.direction'),
      labelled: true,
      cellClassName: (row) => (row.betType === 1 ? up : down) ?? '',
      cell: (row) => (row.betType === 1 ? 'LONG' : 'SHORT'),
    },
    { header: t('options.stake'), className: 'num', labelled: true, cell: (row) => formatNumber(row.volume, 2) },
    { header: t('options.openPrice'), className: 'num', labelled: true, cell: (row) => formatNumber(row.openPrice, 2) },
    {
      header: t('options.result'),
      labelled: true,
      cell: (row) => <span data-testid="option-result">{t(TRADING_RESULT[row.result])}</span>,
    },
    {
      header: t('options.pnl'),
      className: 'num',
      labelled: true,
      cell: (row) => {
        if (row.result !== OptionResult.Wait)
          return (
            <span className={row.settleFee > 0 ? up : row.settleFee < 0 ? down : undefined} data-testid="option-pnl">
              {signedUsdt(microsOf(row.settleFee))}
            </span>
          );
        if (index === null || payoutRateBps === undefined) return '-';
        const live = liveOutcome(
          { betType: row.betType, openPrice: ticksOf(row.openPrice), stake: microsOf(row.volume) },
          index,
          payoutRateBps,
        );
        return (
          <span
            className={live.state === 'winning' ? up : live.state === 'losing' ? down : undefined}
            data-testid="option-live"
          >
            {t(
              live.state === 'winning'
                ? 'options.winning'
                : live.state === 'losing'
                  ? 'options.losing'
                  : 'options.even',
            )}{' '}
            {signedUsdt(live.pnl)}
          </span>
        );
      },
    },
    { header: t('options.expire'), labelled: true, cell: (row) => formatDateTime(row.expireDate) },
    roundColumn(t),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey="no"
      className="table--stack"
      wrapperClassName={WRAPPER}
      testId="option-recent"
      emptyMessage={t('options.noOrders')}
    />
  );
}

/** Order History: the seed's history labels (WAIT, HIGHER, LOWER, EQ), settleFee as estimated PnL, paged. */
export function OptionHistoryTable({
  rows,
  info,
  onPage,
  pending,
}: {
  rows: readonly OptionOrderRow[];
  info: PageInfo | null;
  onPage(page: number): void;
  pending: boolean;
}) {
  const t = useT();
  const columns: Column<OptionOrderRow>[] = [
    { header: t('options.time'), labelled: true, cell: (row) => formatDateTime(row.insertDate) },
    { header: t('options.symbol'), labelled: true, cell: () => 'BTCUSDT' },
    { header: t('options.direction'), labelled: true, cell: (row) => t(betTypeLabel(row.betType)) },
    { header: t('options.stake'), className: 'num', labelled: true, cell: (row) => formatNumber(row.volume, 2) },
    { header: t('options.openPrice'), className: 'num', labelled: true, cell: (row) => formatNumber(row.openPrice, 2) },
    {
      header: t('options.resultPrice'),
      className: 'num',
      labelled: true,
      cell: (row) => (row.resultPrice > 0 ? formatNumber(row.resultPrice, 2) : '-'),
    },
    {
      header: t('options.result'),
      labelled: true,
      cell: (row) => <span data-testid="option-history-result">{t(HISTORY_RESULT[row.result])}</span>,
    },
    {
      header: t('options.pnl'),
      className: 'num',
      labelled: true,
      cell: (row) => signedUsdt(microsOf(row.settleFee)),
    },
    roundColumn(t),
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="no"
        className="table--stack"
        wrapperClassName={WRAPPER}
        testId="option-history"
        pending={pending}
        skeletonRows={5}
        emptyMessage={t('options.noOrders')}
      />
      {info ? (
        <Pagination
          info={info}
          onPage={onPage}
          labels={{ previous: t('options.previous'), next: t('options.next') }}
          testId="option-pages"
        />
      ) : null}
    </>
  );
}
