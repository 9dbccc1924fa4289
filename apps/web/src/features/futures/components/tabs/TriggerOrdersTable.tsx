import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';
import own from './tabs.module.css';
import { CancelCell, HeadRow, SideCell, SymbolCell } from './cells.tsx';
import { useCancelOrder } from './useCancelOrder.ts';
import { useQtyDecimals } from '../../markets/MarketContext.tsx';
import { rowSymbol } from '../../markets/symbols.ts';

/** A waiting trigger (stop, take-profit, trailing stop) that has not fired: it belongs in Trigger Orders. */
export const isWaitingTrigger = (order: OpenOrderRow) => order.triggerType !== undefined && order.triggered !== true;

const TYPE_KEYS = {
  stop: 'futures.tabs.stop',
  takeProfit: 'futures.tabs.takeProfit',
  trailingStop: 'futures.tabs.trailingStop',
} as const;

/** Waiting triggers: type, side, trigger price and what it follows, the order it fires, cancel. */
export function TriggerOrdersTable({ orders }: { orders: readonly OpenOrderRow[] }) {
  const t = useT();
  const qtyDecimals = useQtyDecimals();
  const { cancelling, cancel } = useCancelOrder();
  if (orders.length === 0) return <p className={styles.empty}>{t('futures.tabs.noTriggers')}</p>;

  const triggerPrice = (order: OpenOrderRow) =>
    order.triggerType === 'trailingStop' && !order.triggerPrice
      ? t('futures.tabs.notActivated')
      : formatNumber(order.triggerPrice ?? 0, 2);

  const labels = {
    time: t('futures.time'),
    symbol: t('futures.symbol'),
    type: t('futures.tabs.triggerType'),
    side: t('futures.side'),
    trigger: t('futures.tabs.triggerPrice'),
    by: t('futures.tabs.triggerBy'),
    price: t('futures.tabs.orderPrice'),
    amount: t('futures.amount'),
    callback: t('futures.tabs.callback'),
    actions: t('futures.actions'),
  };

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-cards data-testid="trigger-orders-table">
        <HeadRow labels={Object.values(labels)} />
        <tbody>
          {orders.map((order) => (
            <tr key={order.no} data-testid="trigger-order-row" data-no={order.no}>
              <td data-label={labels.time}>{formatDateTime(order.insertDate)}</td>
              <SymbolCell row={order} label={labels.symbol} />
              <td data-label={labels.type}>{order.triggerType ? t(TYPE_KEYS[order.triggerType]) : '-'}</td>
              <SideCell position={order.position} label={labels.side} />
              <td data-label={labels.trigger} data-testid="trigger-price">
                {triggerPrice(order)}
              </td>
              <td data-label={labels.by}>
                <span className={own.badge}>
                  {t(order.triggerBy === 'last' ? 'futures.tabs.byLast' : 'futures.tabs.byMark')}
                </span>
              </td>
              <td data-label={labels.price}>
                {order.orderPath === 4 ? t('futures.tabs.market') : formatNumber(order.price, 2)}
              </td>
              <td data-label={labels.amount}>{formatNumber(order.volume, qtyDecimals(rowSymbol(order)))}</td>
              <td data-label={labels.callback}>
                {order.callbackRate ? `${formatNumber(order.callbackRate / 100, 2)}%` : '-'}
              </td>
              <CancelCell
                no={order.no}
                label={labels.actions}
                cancelling={cancelling}
                onCancel={cancel}
                testId="cancel-trigger"
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
