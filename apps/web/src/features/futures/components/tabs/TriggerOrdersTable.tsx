import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';
import own from './tabs.module.css';
import { useCancelOrder } from './useCancelOrder.ts';

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
  const { cancelling, cancel } = useCancelOrder();
  if (orders.length === 0) return <p className={styles.empty}>{t('futures.tabs.noTriggers')}</p>;

  const triggerPrice = (order: OpenOrderRow) =>
    order.triggerType === 'trailingStop' && !order.triggerPrice
      ? t('futures.tabs.notActivated')
      : formatNumber(order.triggerPrice ?? 0, 2);

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-cards data-testid="trigger-orders-table">
        <thead>
          <tr>
            <th>{t('futures.time')}</th>
            <th>{t('futures.tabs.triggerType')}</th>
            <th>{t('futures.side')}</th>
            <th>{t('futures.tabs.triggerPrice')}</th>
            <th>{t('futures.tabs.triggerBy')}</th>
            <th>{t('futures.tabs.orderPrice')}</th>
            <th>{t('futures.amount')}</th>
            <th>{t('futures.tabs.callback')}</th>
            <th>{t('futures.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.no} data-testid="trigger-order-row" data-no={order.no}>
              <td data-label={t('futures.time')}>{formatDateTime(order.insertDate)}</td>
              <td data-label={t('futures.tabs.triggerType')}>
                {order.triggerType ? t(TYPE_KEYS[order.triggerType]) : '-'}
              </td>
              <td data-label={t('futures.side')} className={order.position === 1 ? styles.up : styles.down}>
                {t(order.position === 1 ? 'futures.long' : 'futures.short')}
              </td>
              <td data-label={t('futures.tabs.triggerPrice')} data-testid="trigger-price">
                {triggerPrice(order)}
              </td>
              <td data-label={t('futures.tabs.triggerBy')}>
                <span className={own.badge}>
                  {t(order.triggerBy === 'last' ? 'futures.tabs.byLast' : 'futures.tabs.byMark')}
                </span>
              </td>
              <td data-label={t('futures.tabs.orderPrice')}>
                {order.orderPath === 4 ? t('futures.tabs.market') : formatNumber(order.price, 2)}
              </td>
              <td data-label={t('futures.amount')}>{formatNumber(order.volume, 4)}</td>
              <td data-label={t('futures.tabs.callback')}>
                {order.callbackRate ? `${formatNumber(order.callbackRate / 100, 2)}%` : '-'}
              </td>
              <td data-label={t('futures.actions')}>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={cancelling === order.no}
                  onClick={() => void cancel(order.no)}
                  data-testid="cancel-trigger"
                >
                  {t('futures.cancelOrder')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
