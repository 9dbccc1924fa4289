import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QTY_SCALE, toDecimalString } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../../ui/Modal.tsx';
import { lotsOf } from '../../../../lib/units.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { ConfirmButton } from '../ConfirmButton.tsx';
import { closePosition } from '../../api.ts';
import { useFeedback } from '../../feedback.tsx';
import { reloadTrading } from '../../queries.ts';
import { useQtyDecimals } from '../../markets/MarketContext.tsx';
import { baseOf, rowSymbol, sizeText } from '../../markets/symbols.ts';
import { reversePosition } from './api.ts';
import { marketSizesText, sizesByMarket } from './marketSizes.ts';

/** One confirmed action: runs `action` through the seeds' feedback, reloads the trading queries, then closes. */
function useConfirmed(action: () => Promise<boolean>, onClose: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (done) => {
      if (!done) return;
      reloadTrading(queryClient, true);
      onClose();
    },
  });
}

/** #33 item 4: reverse, confirmed: one market order of twice the size to the other side (see ./api.ts). */
export function ReverseDialog({ position, onClose }: { position: PositionRow; onClose(): void }) {
  const t = useT();
  const feedback = useFeedback();
  const qtyDecimals = useQtyDecimals()(rowSymbol(position));
  const volume = lotsOf(position.volume);
  const reversing = useConfirmed(
    () => feedback.run(() => reversePosition(position, volume), 'futures.orderDone'),
    onClose,
  );
  return (
    <Modal
      title={t('futures.positions.reverseTitle')}
      onClose={onClose}
      footer={
        <ConfirmButton busy={reversing.isPending} onConfirm={() => reversing.mutate()} testId="reverse-confirm" />
      }
    >
      <p data-testid="reverse-text">
        {t('futures.positions.reverseText', {
          size: sizeText(volume * 2, qtyDecimals),
          half: sizeText(volume, qtyDecimals),
          unit: baseOf(rowSymbol(position)),
          side: t(position.position === 1 ? 'futures.short' : 'futures.long'),
        })}
      </p>
    </Modal>
  );
}

/**
 * #33 item 4: close-all, confirmed: each position market-closed in full in its market with its own size (one-way mode:
 * one a market); the confirm names each market's size in its unit (#34), never a sum across markets.
 */
export function CloseAllDialog({ positions, onClose }: { positions: readonly PositionRow[]; onClose(): void }) {
  const t = useT();
  const feedback = useFeedback();
  const sizes = marketSizesText(sizesByMarket(positions), useQtyDecimals());
  const closing = useConfirmed(async () => {
    for (const position of positions) {
      const volume = toDecimalString(lotsOf(position.volume), QTY_SCALE);
      if (!(await feedback.run(() => closePosition(volume, position.symbol), 'futures.positionUpdated'))) return false;
    }
    return true;
  }, onClose);
  return (
    <Modal
      title={t('futures.positions.closeAllTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={closing.isPending} onConfirm={() => closing.mutate()} testId="close-all-confirm" />}
    >
      <p data-testid="close-all-text">{t('futures.positions.closeAllText', { sizes })}</p>
    </Modal>
  );
}
