import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { cancelOrder } from '../api.ts';
import { useFeedback } from '../feedback.tsx';
import { futuresKeys } from '../queries.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

/** Open orders; Reduce Only and Post Only are always NO (seed 000 §9); cancel per order. */
export function OpenOrdersTable({ orders }: { orders: readonly OpenOrderRow[] }) {
  const t = useT();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<number | null>(null);
  if (orders.length === 0) return <p className={styles.empty}>{t('futures.noOrders')}</p>;

  const cancel = async (no: number) => {
    setCancelling(no);
    try {
      if (await feedback.run(() => cancelOrder(no), 'futures.canceled'))
        void queryClient.invalidateQueries({ queryKey: futuresKeys.openOrders });
    } finally {
      setCancelling(null);
    }
  };

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
            <tr key={order.no} data-testid="open-order-row">
              <td data-label={t('futures.time')}>{formatDateTime(order.insertDate)}</td>
              <td data-label={t('futures.symbol')}>BTCUSDT</td>
              <td data-label={t('futures.side')} className={order.position === 1 ? styles.up : styles.down}>
                {t(order.position === 1 ? 'futures.long' : 'futures.short')}
              </td>
              <td data-label={t('futures.priceLabel')}>{formatNumber(order.price, 2)}</td>
              <td data-label={t('futures.amount')}>{formatNumber(order.volume, 4)}</td>
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
