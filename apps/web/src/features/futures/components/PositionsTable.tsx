import { lazy, Suspense, useState } from 'react';
import { formatPrice, formatUsdt } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { nearLiquidation, riskRatioBasisPoints, roeBasisPoints, unrealisedPnl } from '../calc/orderMaths.ts';
import { useFrameValue } from '../../../lib/frameStore.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useServerRules } from '../../rules/useServerRules.ts';
import { baseLabel, rowSymbol } from '../markets/symbols.ts';
import type { TickerBoard } from '../markets/tickerBoard.ts';
import { lotsOf, microsOf, ticksOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../../i18n/dictionary.ts';
import { ClosePositionModal } from './ClosePositionModal.tsx';
import { TpSlModal } from './TpSlModal.tsx';
import { AdlBars } from './positions/AdlBars.tsx';
import { FundingCell } from './positions/FundingCell.tsx';
import { LimitCloseDialog } from './positions/LimitCloseDialog.tsx';
import { CloseAllDialog, ReverseDialog } from './positions/ActionDialogs.tsx';
import { MarginDialog } from './positions/MarginDialog.tsx';
import styles from '../futures.module.css';

// The share card and its QR encoder load when first opened, not with /futures: the screen's JavaScript budget (#33
// item 7, 250 KB gzip) had 2 KB left.
const ShareCardDialog = lazy(() =>
  import('./positions/ShareCardDialog.tsx').then((module) => ({ default: module.ShareCardDialog })),
);

/** -1, 0 or 1 by the sign of what is shown at 2 decimals: a PnL that rounds to 0.00 is flat, never "-0.00". */
const shownSign = (micro: number) => (formatUsdt(Math.abs(micro)) === '0.00' ? 0 : Math.sign(micro));
const signed = (micro: number) => {
  const sign = shownSign(micro);
  return `${sign > 0 ? '+' : sign < 0 ? '-' : ''}${formatUsdt(Math.abs(micro))}`;
};
const percent = (bps: number) => `${bps > 0 ? '+' : bps < 0 ? '-' : ''}${(Math.abs(bps) / 100).toFixed(2)}%`;

type Dialog = 'close' | 'limitClose' | 'tpsl' | 'margin' | 'reverse' | 'share' | 'closeAll';

/**
 * Every market's positions (#34): each row's mark from its market's ticker, its actions on its own market. Until a
 * mark arrives the entry stands in for it.
 */
export function PositionsTable({ board, positions }: { board: TickerBoard; positions: readonly PositionRow[] }) {
  const t = useT();
  const summaries = useFrameValue(board, 'summaries');
  const markets = useServerRules()?.markets;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Seed 000 §4 acted on the first position; with a position per market the row's button picks it.
  const [selectedIndex, setSelectedIndex] = useState(0);
  const selected = positions[selectedIndex] ?? positions[0] ?? null;
  if (positions.length === 0) return <p className={styles.empty}>{t('futures.noPositions')}</p>;
  const markOf = (position: PositionRow) => {
    const mark = summaries[rowSymbol(position)]?.markPrice;
    return mark === undefined ? ticksOf(position.averagePrice) : ticksOf(mark);
  };
  const qtyDecimals = (position: PositionRow) =>
    markets?.find((market) => market.symbol === rowSymbol(position))?.qtyDecimals ?? 4;
  const action = (kind: Dialog, label: MessageKey, testId: string, index: number) => (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      onClick={() => {
        setSelectedIndex(index);
        setDialog(kind);
      }}
      data-testid={testId}
    >
      {t(label)}
    </button>
  );

  return (
    <>
      <div className={styles.tableTools}>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setDialog('closeAll')}
          data-testid="positions-close-all"
        >
          {t('futures.positions.closeAll')}
        </button>
      </div>
      <div className={styles.tableWrap} data-testid="positions-scroll">
        <table className={styles.table} data-cards data-testid="positions-table">
          <thead>
            <tr>
              <th>{t('futures.symbol')}</th>
              <th>{t('futures.size')}</th>
              <th>{t('futures.entryPrice')}</th>
              <th>{t('futures.markPrice')}</th>
              <th>{t('futures.liqPrice')}</th>
              <th>{t('futures.margin')}</th>
              <th>{t('futures.pnl')}</th>
              <th>{t('futures.positions.funding')}</th>
              <th>{t('futures.riskRatio')}</th>
              <th>{t('futures.positions.adl')}</th>
              <th>{t('futures.tpsl')}</th>
              <th className={styles.actionsCell}>{t('futures.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {positions.map((position, index) => {
              const entry = ticksOf(position.averagePrice);
              const liquidation = ticksOf(position.liquidationPrice);
              const mark = markOf(position);
              const symbol = rowSymbol(position);
              const pnl = unrealisedPnl(position.position, entry, mark, lotsOf(position.volume));
              const roe = roeBasisPoints(pnl, microsOf(position.margin));
              const risk = riskRatioBasisPoints(position.position, entry, mark, liquidation);
              const warn = nearLiquidation(mark, liquidation);
              const sideClass = position.position === 1 ? styles.up : styles.down;
              return (
                <tr key={symbol} data-testid="position-row" data-symbol={symbol}>
                  <td data-label={t('futures.symbol')}>
                    <span className={sideClass}>
                      {symbol} {t(position.position === 1 ? 'futures.long' : 'futures.short')}
                    </span>{' '}
                    <span className={styles.badge}>{position.leverage}x</span>
                  </td>
                  <td
                    data-label={baseLabel(t('futures.size'), symbol)}
                    className={sideClass}
                    data-testid="position-size"
                  >
                    {formatNumber(position.volume, qtyDecimals(position), 'floor')}
                  </td>
                  <td data-label={t('futures.entryPrice')} data-testid="position-entry">
                    {formatPrice(entry)}
                  </td>
                  <td data-label={t('futures.markPrice')}>{formatPrice(mark)}</td>
                  <td
                    data-label={t('futures.liqPrice')}
                    data-testid="position-liquidation"
                    className={warn ? styles.warnText : undefined}
                  >
                    {liquidation > 0 ? formatPrice(liquidation) : '-'}
                    {warn ? (
                      <span className={styles.warnBadge} role="alert" title={t('futures.nearLiquidation')}>
                        !
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('futures.margin')}>
                    <span data-testid="position-margin">{formatUsdt(microsOf(position.margin))}</span>
                    <button
                      type="button"
                      className={styles.inlineEdit}
                      onClick={() => {
                        setSelectedIndex(index);
                        setDialog('margin');
                      }}
                      aria-label={t('futures.positions.marginTitle')}
                      title={t('futures.positions.marginTitle')}
                      data-testid="position-margin-adjust"
                    >
                      ±
                    </button>
                  </td>
                  <td
                    data-label={t('futures.pnl')}
                    className={shownSign(pnl) > 0 ? styles.up : shownSign(pnl) < 0 ? styles.down : undefined}
                    data-testid="position-pnl"
                  >
                    {signed(pnl)} ({percent(shownSign(pnl) === 0 ? 0 : roe)})
                  </td>
                  <FundingCell position={position} />
                  <td data-label={t('futures.riskRatio')} data-testid="position-risk">
                    {(risk / 100).toFixed(2)}%
                  </td>
                  <td data-label={t('futures.positions.adl')}>
                    <AdlBars quantile={position.adlQuantile} />
                  </td>
                  <td data-label={t('futures.tpsl')} data-testid="position-tpsl">
                    {position.takeProfit > 0 ? formatPrice(ticksOf(position.takeProfit)) : '-'} /{' '}
                    {position.stopLoss > 0 ? formatPrice(ticksOf(position.stopLoss)) : '-'}
                  </td>
                  <td data-label={t('futures.actions')} className={styles.actionsCell}>
                    <div className={styles.actions}>
                      {action('close', 'futures.close', 'position-close', index)}
                      {action('limitClose', 'futures.positions.limitClose', 'position-limit-close', index)}
                      {action('tpsl', 'futures.tpsl', 'position-tpsl-open', index)}
                      {action('reverse', 'futures.positions.reverse', 'position-reverse', index)}
                      {action('share', 'futures.positions.share', 'position-share', index)}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {positions.some((p) => summaries[rowSymbol(p)] && nearLiquidation(markOf(p), ticksOf(p.liquidationPrice))) ? (
        <p className={styles.warning} role="alert" data-testid="liquidation-warning">
          {t('futures.nearLiquidation')}
        </p>
      ) : null}
      {dialog === 'close' && selected ? (
        <ClosePositionModal position={selected} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'limitClose' && selected ? (
        <LimitCloseDialog position={selected} mark={markOf(selected)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'tpsl' && selected ? <TpSlModal position={selected} onClose={() => setDialog(null)} /> : null}
      {dialog === 'margin' && selected ? (
        <MarginDialog position={selected} mark={markOf(selected)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'reverse' && selected ? <ReverseDialog position={selected} onClose={() => setDialog(null)} /> : null}
      {dialog === 'share' && selected ? (
        <Suspense fallback={null}>
          <ShareCardDialog position={selected} mark={markOf(selected)} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {dialog === 'closeAll' ? <CloseAllDialog positions={positions} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
