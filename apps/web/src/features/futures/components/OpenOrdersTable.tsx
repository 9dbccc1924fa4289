import type { OpenOrderRow } from '@tickline/protocol';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { CancelCell, HeadRow, SideCell, SymbolCell } from './tabs/cells.tsx';
import { InlineEdit } from './tabs/InlineEdit.tsx';
import type { AmendField } from './tabs/inlineEdit.ts';
import { useCancelOrder } from './tabs/useCancelOrder.ts';
import { rowSymbol } from '../markets/symbols.ts';
import { useQtyDecimals } from '../markets/MarketContext.tsx';
import styles from '../futures.module.css';

const EDITABLE: [AmendField, 'futures.priceLabel' | 'futures.amount'][] = [
  ['price', 'futures.priceLabel'],
  ['volume', 'futures.amount'],
];

/**
 * Open orders of every market (#34: Symbol column); Reduce Only from the row (#34 item 5), Post Only always NO (seed
 * 000 §9: a post-only order that would rest is a plain limit by then); cancel per order. Price and amount edit in
 * place (#33 item 5): the amount is the order's size as the amend route takes it.
 */
export function OpenOrdersTable({ orders }: { orders: readonly OpenOrderRow[] }) {
  const t = useT();
  const { cancelling, cancel } = useCancelOrder();
  const qtyDecimals = useQtyDecimals();
  if (orders.length === 0) return <p className={styles.empty}>{t('futures.noOrders')}</p>;
  const labels = {
    time: t('futures.time'),
    symbol: t('futures.symbol'),
    side: t('futures.side'),
    price: t('futures.priceLabel'),
    amount: t('futures.amount'),
    leverage: t('futures.leverage'),
    reduceOnly: t('futures.reduceOnly'),
    postOnly: t('futures.postOnly'),
    actions: t('futures.actions'),
  };

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-cards data-testid="open-orders-table">
        <HeadRow labels={Object.values(labels)} />
        <tbody>
          {orders.map((order) => (
            <tr key={order.no} data-testid="open-order-row" data-no={order.no} data-symbol={rowSymbol(order)}>
              <td data-label={labels.time}>{formatDateTime(order.insertDate)}</td>
              <SymbolCell row={order} label={labels.symbol} />
              <SideCell position={order.position} label={labels.side} />
              {EDITABLE.map(([field, label]) => (
                <td key={field} data-label={t(label)}>
                  <InlineEdit
                    no={order.no}
                    field={field}
                    value={order[field]}
                    shown={formatNumber(order[field], field === 'price' ? 2 : qtyDecimals(rowSymbol(order)))}
                    label={t(label)}
                  />
                </td>
              ))}
              <td data-label={labels.leverage}>{order.leverage}x</td>
              <td data-label={labels.reduceOnly} data-testid="order-reduce-only">
                {t(order.reduceOnly ? 'futures.yes' : 'futures.no')}
              </td>
              <td data-label={labels.postOnly}>{t('futures.no')}</td>
              <CancelCell
                no={order.no}
                label={labels.actions}
                cancelling={cancelling}
                onCancel={cancel}
                testId="cancel-order"
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
