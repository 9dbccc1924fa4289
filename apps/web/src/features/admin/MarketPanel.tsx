import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { fetchInsurance, fetchRevenue, fetchRiskPositions, fetchRounds } from './api.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { useAdminText } from './useAdminText.ts';
import styles from './admin.module.css';

const DAYS = 30;
const LIVE_MS = 10_000;
/** Positions this close to liquidation (percent of the mark) are shown in red. */
const NEAR_LIQUIDATION_PERCENT = 5;

const money = (value: number | null | undefined) => formatNumber(value, 2, 'floor');
/** A signed result: the house's PnL or a trader's, red below zero. */
function Signed({ value }: { value: number | null }) {
  if (value === null) return <>-</>;
  return <span className={value < 0 ? styles.negative : undefined}>{formatNumber(value, 2)}</span>;
}

function Card({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.card} data-testid={testId}>
      <span className={styles.muted}>{label}</span>
      <strong>{children}</strong>
    </div>
  );
}

/** Market and risk (#16 item 5), read-only: positions, the insurance fund, revenue and the option rounds. */
export function MarketPanel() {
  const t = useAdminText();
  const [roundPage, setRoundPage] = useState(1);
  const positions = useQuery({
    queryKey: ['admin', 'market', 'positions'],
    queryFn: fetchRiskPositions,
    refetchInterval: LIVE_MS,
  });
  const insurance = useQuery({
    queryKey: ['admin', 'market', 'insurance'],
    queryFn: () => fetchInsurance(DAYS),
    refetchInterval: LIVE_MS,
  });
  const revenue = useQuery({ queryKey: ['admin', 'market', 'revenue'], queryFn: () => fetchRevenue(DAYS) });
  const rounds = useQuery({
    queryKey: ['admin', 'market', 'rounds', roundPage],
    queryFn: () => fetchRounds(roundPage),
    // The newest page gains a round a minute.
    refetchInterval: roundPage === 1 ? LIVE_MS : false,
  });
  const oi = positions.data?.openInterest;
  const insuranceDays = (insurance.data?.days ?? []).filter((day) => day.paidIn || day.paidOut || day.refilled);
  // Today always, other days when something was earned or lost.
  const revenueDays = (revenue.data?.days ?? []).filter(
    (day, index) => index === 0 || day.futuresFees || day.optionHousePnl || day.withdrawalFees,
  );
  const quietDays = (revenue.data?.days.length ?? 0) - revenueDays.length;
  const roundPager = rounds.data?.pagination;

  return (
    <div className={styles.market} data-testid="market-panel">
      <div className={styles.cardsRow}>
        <Card label={t('admin.market.markIndex')}>
          {formatNumber(positions.data?.markPrice, 2)}{' '}
          <span className={styles.muted}>/ {formatNumber(positions.data?.indexPrice, 2)}</span>
        </Card>
        <Card label={t('admin.market.insurance')} testId="insurance-balance">
          {money(insurance.data?.balance)}
        </Card>
        <Card label={t('admin.market.optionPool')}>
          <Signed value={insurance.data?.optionPool ?? null} />
        </Card>
        <Card label={t('admin.market.openInterest')} testId="open-interest">
          {formatNumber(oi?.longVolume, 4)} BTC <span className={styles.muted}>· {money(oi?.notional)} USDT</span>
        </Card>
        <Card label={t('admin.market.positions')}>
          {oi ? t('admin.market.longsShorts', { longs: oi.longs, shorts: oi.shorts }) : '-'}
        </Card>
        <Card label={t('admin.market.revenueTotal', { days: DAYS })} testId="revenue-total">
          <Signed value={revenue.data?.total.total ?? null} />
        </Card>
      </div>

      <section className={styles.section}>
        <h3>{t('admin.market.largest')}</h3>
        <div className="table-scroll">
          <table className={`table ${styles.table} ${styles.dense}`} data-testid="largest-positions">
            <thead>
              <tr>
                <th>{t('admin.col.user')}</th>
                <th>{t('admin.col.side')}</th>
                <th className="num">{t('admin.col.size')}</th>
                <th className="num">{t('admin.market.notional')}</th>
                <th className="num">{t('admin.col.entry')}</th>
                <th className="num">{t('admin.col.liquidation')}</th>
                <th className="num">{t('admin.market.distance')}</th>
                <th className="num">{t('admin.col.margin')}</th>
                <th className="num">{t('admin.col.lev')}</th>
                <th className="num">{t('admin.market.unrealised')}</th>
              </tr>
            </thead>
            <tbody>
              {(positions.data?.largest ?? []).map((row) => {
                const near =
                  row.liquidationDistancePercent !== null && row.liquidationDistancePercent < NEAR_LIQUIDATION_PERCENT;
                return (
                  <tr key={row.userNo} data-testid="risk-position">
                    <td>{row.userid ?? `#${row.userNo}`}</td>
                    <td>{t(row.position === 1 ? 'admin.user.long' : 'admin.user.short')}</td>
                    <td className="num">{formatNumber(row.volume, 4)}</td>
                    <td className="num">{money(row.notional)}</td>
                    <td className="num">{formatNumber(row.entryPrice, 2)}</td>
                    <td className="num">{formatNumber(row.liquidationPrice, 2)}</td>
                    <td className={`num ${near ? styles.negative : ''}`}>
                      {row.liquidationDistancePercent === null
                        ? '-'
                        : `${formatNumber(row.liquidationDistancePercent, 2)}%`}
                    </td>
                    <td className="num">{money(row.margin)}</td>
                    <td className="num">{row.leverage}×</td>
                    <td className="num">
                      <Signed value={row.unrealizedPnl} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {positions.data?.largest.length === 0 ? <p className={styles.empty}>{t('admin.market.noPosition')}</p> : null}
        </div>
      </section>

      <div className={styles.twoColumns}>
        <section className={styles.section}>
          <h3>
            {t('admin.market.revenueDays')}
            {quietDays > 0 ? (
              <span className={styles.muted} data-testid="quiet-days">
                {' · '}
                {t('admin.market.quietDays', { n: quietDays })}
              </span>
            ) : null}
          </h3>
          <div className="table-scroll">
            <table className={`table ${styles.table} ${styles.dense}`} data-testid="revenue-days">
              <thead>
                <tr>
                  <th>{t('admin.market.day')}</th>
                  <th className="num">{t('admin.market.futuresFees')}</th>
                  <th className="num">{t('admin.market.optionHousePnl')}</th>
                  <th className="num">{t('admin.market.withdrawalFees')}</th>
                  <th className="num">{t('admin.market.total')}</th>
                </tr>
              </thead>
              <tbody>
                {revenueDays.map((day) => (
                  <tr key={day.day} data-testid="revenue-day">
                    <td>{day.day}</td>
                    <td className="num">{money(day.futuresFees)}</td>
                    <td className="num">
                      <Signed value={day.optionHousePnl} />
                    </td>
                    <td className="num">{money(day.withdrawalFees)}</td>
                    <td className="num">
                      <Signed value={day.total} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className={styles.section}>
          <h3>{t('admin.market.insuranceDays')}</h3>
          <div className="table-scroll">
            <table className={`table ${styles.table} ${styles.dense}`}>
              <thead>
                <tr>
                  <th>{t('admin.market.day')}</th>
                  <th className="num">{t('admin.market.paidIn')}</th>
                  <th className="num">{t('admin.market.paidOut')}</th>
                  <th className="num">{t('admin.market.refilled')}</th>
                  <th className="num">{t('admin.market.net')}</th>
                </tr>
              </thead>
              <tbody>
                {insuranceDays.map((day) => (
                  <tr key={day.day}>
                    <td>{day.day}</td>
                    <td className="num">{money(day.paidIn)}</td>
                    <td className="num">{money(day.paidOut)}</td>
                    <td className="num">{money(day.refilled)}</td>
                    <td className="num">
                      <Signed value={day.net} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {insurance.data && insuranceDays.length === 0 ? (
              <p className={styles.empty}>{t('admin.market.noMovement', { days: DAYS })}</p>
            ) : null}
          </div>
        </section>
      </div>

      <section className={styles.section}>
        <h3>{t('admin.market.rounds')}</h3>
        <div className="table-scroll">
          <table className={`table ${styles.table} ${styles.dense}`} data-testid="option-rounds">
            <thead>
              <tr>
                <th>{t('admin.market.round')}</th>
                <th className="num">{t('admin.market.open')}</th>
                <th className="num">{t('admin.market.close')}</th>
                <th className="num">{t('admin.market.result')}</th>
                <th className="num">{t('admin.market.bets')}</th>
                <th className="num">{t('admin.market.stakes')}</th>
                <th className="num">{t('admin.market.lost')}</th>
                <th className="num">{t('admin.market.paid')}</th>
                <th className="num">{t('admin.market.housePnl')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(rounds.data?.list ?? []).map((round) => (
                <tr key={round.roundStart} data-testid="option-round" data-round={round.roundStart}>
                  <td>{formatDateTime(round.roundStartDate)}</td>
                  <td className="num">
                    {round.open ? `${formatNumber(round.open.price, 2)} (${round.open.sources})` : '-'}
                  </td>
                  <td className="num">
                    {round.close ? `${formatNumber(round.close.price, 2)} (${round.close.sources})` : '-'}
                  </td>
                  <td className="num">
                    {round.resultPrice === null ? t('admin.market.refunded') : formatNumber(round.resultPrice, 2)}
                  </td>
                  <td className="num">
                    {round.bets}
                    {round.refundedBets ? (
                      <span className={styles.muted}> {t('admin.market.refundedBets', { n: round.refundedBets })}</span>
                    ) : null}
                  </td>
                  <td className="num">{money(round.stakes)}</td>
                  <td className="num">{money(round.stakesLost)}</td>
                  <td className="num">{money(round.winningsPaid)}</td>
                  <td className="num">
                    <Signed value={round.housePnl} />
                  </td>
                  <td>
                    <Link to={`/options/round/${round.roundStart}`} target="_blank" rel="noreferrer">
                      {t('admin.market.audit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rounds.data?.list.length === 0 ? <p className={styles.empty}>{t('admin.market.noRound')}</p> : null}
        </div>
        <Pagination
          info={roundPager}
          hideSinglePage
          onPage={setRoundPage}
          labels={{ previous: t('admin.market.newer'), next: t('admin.market.older') }}
          testId="admin-round-pages"
        />
      </section>
    </div>
  );
}
