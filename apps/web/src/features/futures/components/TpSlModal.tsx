import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRICE_SCALE, formatUsdt, toDecimalString } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../ui/Modal.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { updateTpsl } from '../api.ts';
import { formatAmountInput, parseAmountInput } from '../../../lib/amountInput.ts';
import { triggerEstimatedPnl } from '../calc/orderMaths.ts';
import { useFeedback } from '../feedback.tsx';
import { futuresKeys } from '../queries.ts';
import { lotsOf, ticksOf } from '../../../lib/units.ts';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

const priceText = (price: number) => (price > 0 ? toDecimalString(ticksOf(price), PRICE_SCALE) : '');

/** Seed 000 §4/§5/§9: take profit then stop loss > 0, estimated PnL less 0.0004 of notional, warning. */
export function TpSlModal({ position, onClose }: { position: PositionRow; onClose(): void }) {
  const t = useT();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [takeProfit, setTakeProfit] = useState(priceText(position.takeProfit));
  const [stopLoss, setStopLoss] = useState(priceText(position.stopLoss));
  const entry = ticksOf(position.averagePrice);
  const qty = lotsOf(position.volume);

  const estimate = (text: string) => {
    const trigger = parseAmountInput(text, PRICE_SCALE);
    if (trigger <= 0) return '-';
    const pnl = triggerEstimatedPnl(position.position, entry, trigger, qty);
    return `${pnl < 0 ? '-' : ''}${formatUsdt(Math.abs(pnl))} USDT`;
  };

  const updating = useMutation({
    mutationFn: (body: { takeProfit: string; stopLoss: string }) =>
      feedback.run(() => updateTpsl(body, position.symbol), 'futures.tpslUpdated'),
    onSuccess: (updated) => {
      if (!updated) return;
      void queryClient.invalidateQueries({ queryKey: futuresKeys.positions });
      void queryClient.invalidateQueries({ queryKey: futuresKeys.openOrders });
      onClose();
    },
  });

  const submit = (): void => {
    const tp = parseAmountInput(takeProfit, PRICE_SCALE);
    const sl = parseAmountInput(stopLoss, PRICE_SCALE);
    if (tp <= 0) return feedback.popup(t('futures.enterTakeProfit'));
    if (sl <= 0) return feedback.popup(t('futures.enterStopLoss'));
    updating.mutate({ takeProfit: toDecimalString(tp, PRICE_SCALE), stopLoss: toDecimalString(sl, PRICE_SCALE) });
  };

  const field = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <>
      <label className={styles.field}>
        <span>{label}</span>
        <input
          inputMode="decimal"
          value={value}
          onChange={(event) => set(formatAmountInput(event.target.value, PRICE_SCALE, { grouped: false }))}
          data-testid={testId}
        />
        <em>USDT</em>
      </label>
      <p className={styles.estimate}>
        {t('futures.estimatedPnl')}: <span data-testid={`${testId}-pnl`}>{estimate(value)}</span>
      </p>
    </>
  );

  return (
    <Modal
      title={t('futures.tpslTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={updating.isPending} onConfirm={submit} testId="tpsl-confirm" />}
    >
      {field(t('futures.takeProfitPrice'), takeProfit, setTakeProfit, 'tpsl-tp')}
      {field(t('futures.stopLossPrice'), stopLoss, setStopLoss, 'tpsl-sl')}
      <p className={styles.warning}>{t('futures.cancelsWaiting')}</p>
    </Modal>
  );
}
