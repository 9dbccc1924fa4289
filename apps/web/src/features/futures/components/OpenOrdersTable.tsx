import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { InlineEdit } from './tabs/InlineEdit.tsx';
import { useCancelOrder } from './tabs/useCancelOrder.ts';
import styles from '../futures.module.css';

/**
 * Open orders; Reduce Only and Post Only are always NO (seed 000 §9); cancel per order. Price and amount edit in
 * place (#33 item 5): the amount is the order's size as the amend route takes it.
 */
export function OpenOrdersTable({ orders }: { orders: readonly OpenOrderRow[] }) {
  const t = useT();
  const { cancelling, cancel } = useCancelOrder();
  if (orders.length === 0) return <p className={styles.empty}>{t('futures.noOrders')}</p>;

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-cards data-testid="open-orders-table">
        <thead>
          <tr>
            <th>{t('futures.time')}</th>
            <th>{t('futures.symbol')}</th>
            <th>{t('futures.side')}</th>
            <th>{t('futures.priceLabel')}</th>
            <th>{t('futures.amount')}</th>
            <th>{t('futures.leverage')}</th>
            <th>{t('futures.reduceOnly')}</th>
            <th>{t('futures.postOnly')}</th>
            <th>{t('futures.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.no} data-testid="open-order-row" data-no={order.no}>
              <td data-label={t('futures.time')}>{formatDateTime(order.insertDate)}</td>
              <td data-label={t('futures.symbol')}>BTCUSDT</td>
              <td data-label={t('futures.side')} className={order.position === 1 ? styles.up : styles.down}>
                {t(order.position === 1 ? 'futures.long' : 'futures.short')}
              </td>
              <td data-label={t('futures.priceLabel')}>
                <InlineEdit
                  no={order.no}
                  field="price"
                  value={order.price}
                  shown={formatNumber(order.price, 2)}
                  label={t('futures.priceLabel')}
                />
              </td>
              <td data-label={t('futures.amount')}>
                <InlineEdit
                  no={order.no}
                  field="volume"
                  value={order.volume}
                  shown={formatNumber(order.volume, 4)}
                  label={t('futures.amount')}
                />
              </td>
              <td data-label={t('futures.leverage')}>{order.leverage}x</td>
              <td data-label={t('futures.reduceOnly')}>{t('futures.no')}</td>
              <td data-label={t('futures.postOnly')}>{t('futures.no')}</td>
              <td data-label={t('futures.actions')}>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={cancelling === order.no}
                  onClick={() => void cancel(order.no)}
                  data-testid="cancel-order"
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
