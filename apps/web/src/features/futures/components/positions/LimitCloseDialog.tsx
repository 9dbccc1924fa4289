import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRICE_SCALE, QTY_SCALE, formatDecimal, formatPrice, formatQty } from '@tickline/money';
import { SUCCESS_CODE, type PositionRow } from '@tickline/protocol';
import { NetworkError, SESSION_INVALID_CODE } from '../../../../api/client.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { useToast } from '../../../../ui/Toast.tsx';
import { formatAmountInput, parseAmountInput } from '../../../../lib/amountInput.ts';
import { lotsOf } from '../../../../lib/units.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { endInvalidSession, reloadTrading } from '../../queries.ts';
import { ConfirmButton } from '../ConfirmButton.tsx';
import { limitClose } from './api.ts';
import { CloseSizeField, DecimalField } from './CloseFields.tsx';
import { baseOf, rowSymbol } from '../../markets/symbols.ts';
import styles from '../../futures.module.css';

interface LimitCloseProps {
  position: PositionRow;
  /** The price to start from (the mark), in ticks. */
  mark: number;
  onClose(): void;
}

/**
 * #33 item 4 "close at a price": a reduce-only limit order on the other side, price prefilled with the mark and size
 * with the whole position. The server's refusal is shown in the dialog, next to what was refused.
 */
export function LimitCloseDialog({ position, mark, onClose }: LimitCloseProps) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const volume = lotsOf(position.volume);
  const [priceText, setPriceText] = useState(formatAmountInput(formatDecimal(mark, PRICE_SCALE), PRICE_SCALE));
  const [sizeText, setSizeText] = useState(formatDecimal(volume, QTY_SCALE));
  const [refusal, setRefusal] = useState<string | null>(null);
  const price = parseAmountInput(priceText, PRICE_SCALE);
  const size = parseAmountInput(sizeText, QTY_SCALE);

  const placing = useMutation({
    mutationFn: async () => {
      try {
        return await limitClose(position, price, size);
      } catch (error) {
        if (error instanceof NetworkError) return null;
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (!answer) return;
      if (answer.code === SESSION_INVALID_CODE) return endInvalidSession();
      if (answer.code !== SUCCESS_CODE) return setRefusal(answer.message || String(answer.code));
      toast(t('futures.positions.limitPlaced'), 'success');
      reloadTrading(queryClient, true);
      onClose();
    },
  });

  const submit = (): void => {
    if (size <= 0) return setRefusal(t('futures.enterCloseAmount'));
    if (size > volume) return setRefusal(t('futures.positions.overSize'));
    if (price <= 0) return setRefusal(t('futures.positions.enterPrice'));
    setRefusal(null);
    placing.mutate();
  };

  return (
    <Modal
      title={t('futures.positions.limitCloseTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={placing.isPending} onConfirm={submit} testId="limit-close-confirm" />}
    >
      <DecimalField
        label={t('futures.positions.closePrice')}
        unit="USDT"
        value={priceText}
        onChange={(text) => setPriceText(formatAmountInput(text, PRICE_SCALE))}
        testId="limit-close-price"
      />
      <CloseSizeField
        label={t('futures.positions.closeSize')}
        value={sizeText}
        onChange={setSizeText}
        volume={volume}
        unit={baseOf(rowSymbol(position))}
        testId="limit-close-size"
        quickPrefix="limit-close"
      />
      <p data-testid="limit-close-text">
        {t('futures.positions.limitCloseText', {
          side: t(position.position === 1 ? 'futures.sellShort' : 'futures.buyLong'),
          size: formatQty(size),
          unit: baseOf(rowSymbol(position)),
          price: formatPrice(price),
        })}
      </p>
      {refusal !== null ? (
        <p className={styles.warning} role="alert" data-testid="limit-close-refusal">
          {refusal}
        </p>
      ) : null}
    </Modal>
  );
}
