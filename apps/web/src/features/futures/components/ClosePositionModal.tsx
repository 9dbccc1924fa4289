import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QTY_SCALE, toDecimalString } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../ui/Modal.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { CloseSizeField } from './positions/CloseFields.tsx';
import { closePosition } from '../api.ts';
import { parseAmountInput } from '../../../lib/amountInput.ts';
import { baseOf, rowSymbol } from '../markets/symbols.ts';
import { useFeedback } from '../feedback.tsx';
import { reloadTrading } from '../queries.ts';
import { lotsOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

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
      <CloseSizeField
        label={t('futures.closeAmount')}
        value={amount}
        onChange={setAmount}
        volume={volume}
        unit={baseOf(rowSymbol(position))}
        testId="close-amount"
        quickPrefix="close"
      />
      <p className={styles.warning}>{t('futures.cancelsWaiting')}</p>
    </Modal>
  );
}
