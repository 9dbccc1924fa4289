import { useEffect, useRef } from 'react';
import { formatPrice } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { Modal } from '../../../../ui/Modal.tsx';
import { useToast } from '../../../../ui/Toast.tsx';
import { lotsOf, microsOf, ticksOf } from '../../../../lib/units.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { useUserInfo } from '../../../account/queries.ts';
import { roeBasisPoints, unrealisedPnl } from '../../calc/orderMaths.ts';
import { CARD_HEIGHT, CARD_WIDTH, drawShareCard } from './shareCard.ts';
import { rowSymbol } from '../../markets/symbols.ts';
import styles from '../../futures.module.css';

/** The partner program's link a card carries: the register route with the user's code (RegisterPage reads :code). */
export const referralLink = (code: string): string => `${window.location.origin}/register/${encodeURIComponent(code)}`;

/** Percent text of basis points, two decimals, exact (integer division of the magnitude). */
const percentText = (bps: number) =>
  `${bps > 0 ? '+' : bps < 0 ? '-' : ''}${Math.trunc(Math.abs(bps) / 100)}.${String(Math.abs(bps) % 100).padStart(2, '0')}%`;

/** #33 item 4: the PnL share card as an image, downloadable as a PNG and copyable where the browser allows. */
export function ShareCardDialog({ position, mark, onClose }: { position: PositionRow; mark: number; onClose(): void }) {
  const t = useT();
  const toast = useToast();
  const info = useUserInfo().data;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const entry = ticksOf(position.averagePrice);
  const pnl = unrealisedPnl(position.position, entry, mark, lotsOf(position.volume));
  const roe = roeBasisPoints(pnl, microsOf(position.margin));
  const link = info ? referralLink(info.referralCode) : '';
  const long = position.position === 1;
  const side = t(long ? 'futures.long' : 'futures.short');
  const entryLabel = t('futures.positions.cardEntry');
  const markLabel = t('futures.positions.cardMark');
  const joinLabel = t('futures.positions.cardJoin');
  const symbol = rowSymbol(position);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !link) return;
    const qr = drawShareCard(canvas, {
      entryLabel,
      markLabel,
      joinLabel,
      symbol,
      side,
      long,
      leverage: position.leverage,
      roe: percentText(roe),
      roeSign: Math.sign(roe),
      entry: formatPrice(entry),
      mark: formatPrice(mark),
      link,
    });
    canvas.dataset.qr = JSON.stringify(qr);
    // The card is a snapshot taken when opened; the figures are its inputs.
  }, [link, symbol, side, long, position.leverage, roe, entry, mark, entryLabel, markLabel, joinLabel]);

  const png = () =>
    new Promise<Blob | null>((resolve) =>
      canvasRef.current ? canvasRef.current.toBlob(resolve, 'image/png') : resolve(null),
    );
  const download = async () => {
    const blob = await png();
    if (!blob) return;
    const anchor = document.createElement('a');
    anchor.href = URL.createObjectURL(blob);
    anchor.download = `tickline-btcusdt-${long ? 'long' : 'short'}.png`;
    anchor.click();
    URL.revokeObjectURL(anchor.href);
  };
  const copy = async () => {
    try {
      const blob = await png();
      if (!blob || typeof ClipboardItem === 'undefined') throw new Error('no image clipboard');
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
      toast(t('futures.positions.copied'), 'success');
    } catch {
      toast(t('futures.positions.copyFailed'), 'error');
    }
  };

  return (
    <Modal title={t('futures.positions.shareTitle')} onClose={onClose} size="md">
      <canvas
        ref={canvasRef}
        className={styles.shareCard}
        width={CARD_WIDTH}
        height={CARD_HEIGHT}
        data-testid="share-card"
        data-link={link}
        aria-label={`${symbol} ${side} ${position.leverage}x ${percentText(roe)}`}
      />
      <div className={styles.assetButtons}>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => void download()}
          data-testid="share-download"
        >
          {t('futures.positions.download')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy()} data-testid="share-copy">
          {t('futures.positions.copy')}
        </button>
      </div>
    </Modal>
  );
}
