import { PRICE_SCALE } from '@tickline/money';
import { amountInputOrZero } from '../../../../lib/amountInput.ts';
import type { OrderExtras } from '../../calc/orderForm.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';

interface TriggerFieldsProps {
  extras: OrderExtras;
  patch: (change: Partial<OrderExtras>) => void;
}

/** The trigger of a stop or take-profit (price, watched on the mark or the last price), or a trailing stop's. */
export function TriggerFields({ extras, patch }: TriggerFieldsProps) {
  const t = useT();
  const trailing = extras.stopKind === 'trailingStop';
  const watched = (
    <span className={styles.triggerBy} role="radiogroup" aria-label={t('futures.form.triggerPrice')}>
      {(['mark', 'last'] as const).map((by) => (
        <button
          key={by}
          type="button"
          role="radio"
          aria-checked={extras.triggerBy === by}
          className={extras.triggerBy === by ? styles.triggerByOn : undefined}
          onClick={() => patch({ triggerBy: by })}
          data-testid={`trigger-by-${by}`}
        >
          {t(by === 'mark' ? 'futures.form.mark' : 'futures.form.last')}
        </button>
      ))}
    </span>
  );
  if (!trailing)
    return (
      <label className={styles.field}>
        <span>{t('futures.form.triggerPrice')}</span>
        <input
          inputMode="decimal"
          value={extras.triggerText}
          onChange={(event) => patch({ triggerText: amountInputOrZero(event.target.value, PRICE_SCALE) })}
          data-testid="order-trigger"
        />
        {watched}
      </label>
    );
  return (
    <>
      <label className={styles.field}>
        <span>{t('futures.form.callbackRate')}</span>
        <input
          inputMode="decimal"
          value={extras.callbackText}
          onChange={(event) => patch({ callbackText: amountInputOrZero(event.target.value, 2) })}
          data-testid="order-callback"
        />
        <em>%</em>
        {watched}
      </label>
      <label className={styles.field}>
        <span>{t('futures.form.activationPrice')}</span>
        <input
          inputMode="decimal"
          placeholder={t('futures.form.optional')}
          value={extras.activationText}
          onChange={(event) => patch({ activationText: amountInputOrZero(event.target.value, PRICE_SCALE) })}
          data-testid="order-activation"
        />
        <em>USDT</em>
      </label>
    </>
  );
}
