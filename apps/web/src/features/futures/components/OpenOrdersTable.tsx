import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { cancelOrder } from '../api.ts';
import { useFeedback } from '../feedback.tsx';
import { futuresKeys } from '../queries.ts';
import { useFuturesT } from '../useFuturesT.ts';
import styles from '../futures.module.css';

/** Open orders; Reduce Only and Post Only are always NO (seed 000 §9); cancel per order. */
export function OpenOrdersTable({ orders }: { orders: readonly OpenOrderRow[] }) {
  const t = useFuturesT();
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
      <table className={styles.table} data-testid="open-orders-table">
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
              <td>{formatDateTime(order.insertDate)}</td>
              <td>BTCUSDT</td>
              <td className={order.position === 1 ? styles.up : styles.down}>
                {t(order.position === 1 ? 'futures.long' : 'futures.short')}
              </td>
              <td>{formatNumber(order.price, 2)}</td>
              <td>{formatNumber(order.volume, 4)}</td>
              <td>{order.leverage}x</td>
              <td>{t('futures.no')}</td>
              <td>{t('futures.no')}</td>
              <td>
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
