import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { fetchInsurance, fetchRevenue, fetchRiskPositions, fetchRounds } from './api.ts';
import { Pager } from './Pager.tsx';
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
        <Card label="Mark / index">
          {formatNumber(positions.data?.markPrice, 2)}{' '}
          <span className={styles.muted}>/ {formatNumber(positions.data?.indexPrice, 2)}</span>
        </Card>
        <Card label="Insurance fund" testId="insurance-balance">
          {money(insurance.data?.balance)}
        </Card>
        <Card label="Option pool (house)">
          <Signed value={insurance.data?.optionPool ?? null} />
        </Card>
        <Card label="Open interest" testId="open-interest">
          {formatNumber(oi?.longVolume, 4)} BTC <span className={styles.muted}>· {money(oi?.notional)} USDT</span>
        </Card>
        <Card label="Positions">{oi ? `${oi.longs} long · ${oi.shorts} short` : '-'}</Card>
        <Card label={`Revenue, ${DAYS} days`} testId="revenue-total">
          <Signed value={revenue.data?.total.total ?? null} />
        </Card>
      </div>

      <section className={styles.section}>
        <h3>Largest positions</h3>
        <div className="table-scroll">
          <table className={`table ${styles.table} ${styles.dense}`} data-testid="largest-positions">
            <thead>
              <tr>
                <th>User</th>
                <th>Side</th>
                <th className="num">Size BTC</th>
                <th className="num">Notional</th>
                <th className="num">Entry</th>
                <th className="num">Liquidation</th>
                <th className="num">Distance</th>
                <th className="num">Margin</th>
                <th className="num">Lev</th>
                <th className="num">Unrealised</th>
              </tr>
            </thead>
            <tbody>
              {(positions.data?.largest ?? []).map((row) => {
                const near =
                  row.liquidationDistancePercent !== null && row.liquidationDistancePercent < NEAR_LIQUIDATION_PERCENT;
                return (
                  <tr key={row.userNo} data-testid="risk-position">
                    <td>{row.userid ?? `#${row.userNo}`}</td>
                    <td>{row.position === 1 ? 'Long' : 'Short'}</td>
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
          {positions.data?.largest.length === 0 ? <p className={styles.empty}>No open position.</p> : null}
        </div>
      </section>

      <div className={styles.twoColumns}>
        <section className={styles.section}>
          <h3>
            Revenue per day (KST)
            {quietDays > 0 ? <span className={styles.muted}> · {quietDays} days without any hidden</span> : null}
          </h3>
          <div className="table-scroll">
            <table className={`table ${styles.table} ${styles.dense}`} data-testid="revenue-days">
              <thead>
                <tr>
                  <th>Day</th>
                  <th className="num">Futures fees</th>
                  <th className="num">Option house PnL</th>
                  <th className="num">Withdrawal fees</th>
                  <th className="num">Total</th>
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
          <h3>Insurance fund movements (KST)</h3>
          <div className="table-scroll">
            <table className={`table ${styles.table} ${styles.dense}`}>
              <thead>
                <tr>
                  <th>Day</th>
                  <th className="num">Paid in</th>
                  <th className="num">Paid out</th>
                  <th className="num">Refilled</th>
                  <th className="num">Net</th>
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
              <p className={styles.empty}>No movement in {DAYS} days.</p>
            ) : null}
          </div>
        </section>
      </div>

      <section className={styles.section}>
        <h3>Option rounds</h3>
        <div className="table-scroll">
          <table className={`table ${styles.table} ${styles.dense}`} data-testid="option-rounds">
            <thead>
              <tr>
                <th>Round</th>
                <th className="num">Open</th>
                <th className="num">Close</th>
                <th className="num">Result</th>
                <th className="num">Bets</th>
                <th className="num">Stakes</th>
                <th className="num">Lost</th>
                <th className="num">Paid</th>
                <th className="num">House PnL</th>
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
                    {round.resultPrice === null ? 'refunded' : formatNumber(round.resultPrice, 2)}
                  </td>
                  <td className="num">
                    {round.bets}
                    {round.refundedBets ? <span className={styles.muted}> ({round.refundedBets} back)</span> : null}
                  </td>
                  <td className="num">{money(round.stakes)}</td>
                  <td className="num">{money(round.stakesLost)}</td>
                  <td className="num">{money(round.winningsPaid)}</td>
                  <td className="num">
                    <Signed value={round.housePnl} />
                  </td>
                  <td>
                    <Link to={`/options/round/${round.roundStart}`} target="_blank" rel="noreferrer">
                      audit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rounds.data?.list.length === 0 ? <p className={styles.empty}>No settled round yet.</p> : null}
        </div>
        <Pager
          pagination={roundPager}
          page={roundPage}
          onPage={setRoundPage}
          labels={{ previous: 'Newer', next: 'Older' }}
        />
      </section>
    </div>
  );
}
