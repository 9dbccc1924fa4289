import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QTY_SCALE, formatDecimal, toDecimalString } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../ui/Modal.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { closePosition } from '../api.ts';
import { baseOf, rowSymbol } from '../markets/symbols.ts';
import { amountInputOrZero, parseAmountInput } from '../../../lib/amountInput.ts';
import { closeAmount } from '../calc/orderMaths.ts';
import { useFeedback } from '../feedback.tsx';
import { reloadTrading } from '../queries.ts';
import { lotsOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

const QUICK = [25, 50, 75, 100] as const;

/** Seed 000 §4/§5/§9: close amount > 0, quick 25/50/75/100 % floored to 4 decimals, waiting orders warning. */
export function ClosePositionModal({ position, onClose }: { position: PositionRow; onClose(): void }) {
  const t = useT();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const volume = lotsOf(position.volume);

  const closing = useMutation({
    mutationFn: (lots: number) =>
      feedback.run(() => closePosition(toDecimalString(lots, QTY_SCALE), position.symbol), 'futures.positionUpdated'),
    onSuccess: (closed) => {
      if (!closed) return;
      reloadTrading(queryClient, true);
      onClose();
    },
  });

  const submit = (): void => {
    const lots = parseAmountInput(amount, QTY_SCALE);
    if (lots <= 0) return feedback.popup(t('futures.enterCloseAmount'));
    closing.mutate(lots);
  };

  return (
    <Modal
      title={t('futures.closeTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={closing.isPending} onConfirm={submit} testId="close-confirm" />}
    >
      <label className={styles.field}>
        <span>{t('futures.closeAmount')}</span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(amountInputOrZero(event.target.value, QTY_SCALE))}
          data-testid="close-amount"
        />
        <em>{baseOf(rowSymbol(position))}</em>
      </label>
      <div className={styles.quickPicks}>
        {QUICK.map((pct) => (
          <button
            key={pct}
            type="button"
            className={styles.segment}
            onClick={() => setAmount(formatDecimal(closeAmount(volume, pct), QTY_SCALE))}
            data-testid={`close-${pct}`}
          >
            {pct}%
          </button>
        ))}
      </div>
      <p className={styles.warning}>{t('futures.cancelsWaiting')}</p>
    </Modal>
  );
}
