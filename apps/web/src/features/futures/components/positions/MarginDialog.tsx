import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { USDT_SCALE, formatDecimal, formatPrice, formatUsdt, toDecimalString } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../../ui/Modal.tsx';
import { amountInputOrZero, parseAmountInput } from '../../../../lib/amountInput.ts';
import { lotsOf, microsOf, ticksOf } from '../../../../lib/units.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { useBalance } from '../../../account/queries.ts';
import { useServerRules } from '../../../rules/useServerRules.ts';
import { ConfirmButton } from '../ConfirmButton.tsx';
import { useFeedback } from '../../feedback.tsx';
import { reloadTrading } from '../../queries.ts';
import { adjustMargin } from './api.ts';
import { positionLiquidation } from '../../calc/orderEstimate.ts';
import { liquidatesAt, removableMargin } from './liquidation.ts';
import styles from '../../futures.module.css';

interface Props {
  position: PositionRow;
  /** The live mark in ticks (the entry before the first mark). */
  mark: number;
  onClose(): void;
}

/**
 * #33 item 4: isolated margin in or out (POST /position/margin). The liquidation price after the change is computed
 * before confirming by the engine's own rule on the tiers the server publishes, so it is the price the server reports.
 */
export function MarginDialog({ position, mark, onClose }: Props) {
  const t = useT();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const balance = useBalance().data;
  // What the server counts as free futures USDT (the balance's `balance`): the engine's limit on an addition.
  const available = balance ? microsOf(balance.balance) : 0;
  const tiers = useServerRules()?.trading.maintenanceTiers ?? [];
  const [type, setType] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const side = position.position;
  const qty = lotsOf(position.volume);
  const entry = ticksOf(position.averagePrice);
  const margin = microsOf(position.margin);
  const max =
    type === 'add' ? Math.max(0, available) : removableMargin(side, qty, entry, margin, position.leverage, mark);
  const micros = parseAmountInput(amount, USDT_SCALE);
  const after = type === 'add' ? margin + micros : margin - micros;
  const liquidation = ticksOf(position.liquidationPrice);
  const estimate = micros > 0 && after >= 0 ? positionLiquidation(side, qty, entry, after, tiers) : liquidation;
  const tooMuch = micros > max || (type === 'remove' && micros > 0 && liquidatesAt(side, mark, estimate));

  const adjusting = useMutation({
    mutationFn: (value: number) =>
      feedback.run(
        () => adjustMargin(type, toDecimalString(value, USDT_SCALE), position.symbol),
        'futures.positionUpdated',
      ),
    onSuccess: (done) => {
      if (!done) return;
      reloadTrading(queryClient);
      onClose();
    },
  });

  const submit = (): void => {
    if (micros <= 0) return feedback.popup(t('futures.positions.enterAmount'));
    if (tooMuch) return feedback.popup(t('futures.positions.overMax'));
    adjusting.mutate(micros);
  };
  const choose = (next: 'add' | 'remove') => {
    setType(next);
    setAmount('');
  };
  const liq = (price: number) => (price > 0 ? formatPrice(price) : '-');

  return (
    <Modal
      title={t('futures.positions.marginTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={adjusting.isPending} onConfirm={submit} testId="margin-confirm" />}
    >
      <div className={styles.quickPicks} role="tablist">
        {(['add', 'remove'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={type === value}
            className={type === value ? styles.segmentActive : styles.segment}
            onClick={() => choose(value)}
            data-testid={`margin-${value}`}
          >
            {t(value === 'add' ? 'futures.positions.add' : 'futures.positions.remove')}
          </button>
        ))}
      </div>
      <label className={styles.field}>
        <span>{t('futures.positions.amount')}</span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(amountInputOrZero(event.target.value, USDT_SCALE))}
          data-testid="margin-amount"
        />
        <em>USDT</em>
      </label>
      <dl className={styles.marginFacts}>
        <dt>{t(type === 'add' ? 'futures.positions.maxAdd' : 'futures.positions.maxRemove')}</dt>
        <dd>
          <button
            type="button"
            className="link link--small"
            onClick={() => setAmount(formatDecimal(max, USDT_SCALE))}
            data-testid="margin-max"
          >
            {formatUsdt(max)} USDT
          </button>
        </dd>
        <dt>{t('futures.positions.currentMargin')}</dt>
        <dd>{formatUsdt(margin)}</dd>
        <dt>{t('futures.positions.newMargin')}</dt>
        <dd data-testid="margin-after">{formatUsdt(Math.max(0, after))}</dd>
        <dt>{t('futures.positions.currentLiq')}</dt>
        <dd>{liq(liquidation)}</dd>
        <dt>{t('futures.positions.newLiq')}</dt>
        <dd className={tooMuch ? styles.warnText : undefined} data-testid="margin-new-liq">
          {liq(estimate)}
        </dd>
      </dl>
    </Modal>
  );
}
