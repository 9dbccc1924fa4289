import { PRICE_SCALE } from '@tickline/money';
import { amountInputOrZero } from '../../../../lib/amountInput.ts';
import type { OrderExtras, OrderTab, TimeInForce } from '../../calc/orderForm.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';

interface OrderOptionsProps {
  tab: OrderTab;
  extras: OrderExtras;
  patch: (change: Partial<OrderExtras>) => void;
}

const TIME_IN_FORCE: ReadonlyArray<
  [TimeInForce, 'futures.form.gtc' | 'futures.form.ioc' | 'futures.form.fok' | 'futures.form.postOnly']
> = [
  ['GTC', 'futures.form.gtc'],
  ['IOC', 'futures.form.ioc'],
  ['FOK', 'futures.form.fok'],
  ['GTX', 'futures.form.postOnly'],
];

/**
 * Reduce-only (every type), time in force (limit orders) and TP/SL at entry (limit and market: the server refuses
 * them on a trigger order, which enters as GTC and carries none).
 */
export function OrderOptions({ tab, extras, patch }: OrderOptionsProps) {
  const t = useT();
  const priceField = (
    key: 'takeProfitText' | 'stopLossText',
    label: 'futures.form.takeProfit' | 'futures.form.stopLoss',
  ) => (
    <label className={styles.field}>
      <span>{t(label)}</span>
      <input
        inputMode="decimal"
        value={extras[key]}
        onChange={(event) => patch({ [key]: amountInputOrZero(event.target.value, PRICE_SCALE) })}
        data-testid={key === 'takeProfitText' ? 'order-take-profit' : 'order-stop-loss'}
      />
      <em>USDT</em>
    </label>
  );
  const checkbox = (key: 'reduceOnly' | 'tpsl', label: 'futures.form.reduceOnly' | 'futures.form.tpsl', id: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={extras[key]}
        onChange={(event) => patch({ [key]: event.target.checked })}
        data-testid={id}
      />
      {t(label)}
    </label>
  );
  return (
    <div className={styles.orderOptions}>
      <div className={styles.optionRow}>
        {checkbox('reduceOnly', 'futures.form.reduceOnly', 'order-reduce-only')}
        {tab !== 'stop' ? checkbox('tpsl', 'futures.form.tpsl', 'order-tpsl') : null}
        {tab === 'limit' ? (
          <select
            className={styles.timeInForce}
            aria-label={t('futures.form.timeInForce')}
            value={extras.timeInForce}
            onChange={(event) => patch({ timeInForce: event.target.value as TimeInForce })}
            data-testid="order-tif"
          >
            {TIME_IN_FORCE.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {tab !== 'stop' && extras.tpsl ? (
        <>
          {priceField('takeProfitText', 'futures.form.takeProfit')}
          {priceField('stopLossText', 'futures.form.stopLoss')}
        </>
      ) : null}
    </div>
  );
}
