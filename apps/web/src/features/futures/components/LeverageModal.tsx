import { useState } from 'react';
import { Modal } from '../../../ui/Modal.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { useT } from '../../../i18n/I18nProvider.tsx';
import styles from '../futures.module.css';

/** Seed 000 §5: stepper 1–100, step 1; quick picks 1x 25x 50x 75x 100x. */
export const MIN_LEVERAGE = 1;
export const MAX_LEVERAGE = 100;
export const LEVERAGE_PICKS = [1, 25, 50, 75, 100] as const;

const clampTo = (max: number) => (value: number) =>
  Math.min(max, Math.max(MIN_LEVERAGE, Math.round(value) || MIN_LEVERAGE));

interface LeverageModalProps {
  initial: number;
  /** The market's highest leverage (#34: SOLUSDT's is 50); the seeds' 100 by default. */
  max?: number;
  busy: boolean;
  onConfirm(leverage: number): void;
  onClose(): void;
}

export function LeverageModal({ initial, max = MAX_LEVERAGE, busy, onConfirm, onClose }: LeverageModalProps) {
  const t = useT();
  const clamp = clampTo(max);
  const [leverage, setLeverage] = useState(clamp(initial));
  return (
    <Modal
      title={t('futures.leverageTitle')}
      onClose={onClose}
      footer={<ConfirmButton busy={busy} onConfirm={() => onConfirm(leverage)} testId="leverage-confirm" />}
    >
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('futures.leverageDecrease')}
          onClick={() => setLeverage((v) => clamp(v - 1))}
          disabled={leverage <= MIN_LEVERAGE}
        >
          −
        </button>
        <input
          className={styles.stepValue}
          inputMode="numeric"
          aria-label={t('futures.leverage')}
          value={`${leverage}x`}
          onChange={(event) => setLeverage(clamp(Number(event.target.value.replace(/\D/g, ''))))}
          data-testid="leverage-input"
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('futures.leverageIncrease')}
          onClick={() => setLeverage((v) => clamp(v + 1))}
          disabled={leverage >= max}
        >
          +
        </button>
      </div>
      <input
        type="range"
        className={styles.slider}
        min={MIN_LEVERAGE}
        max={max}
        step={1}
        value={leverage}
        aria-label={t('futures.leverage')}
        onChange={(event) => setLeverage(clamp(Number(event.target.value)))}
      />
      <div className={styles.quickPicks}>
        {[...LEVERAGE_PICKS.filter((pick) => pick < max), max].map((pick) => (
          <button
            key={pick}
            type="button"
            className={pick === leverage ? styles.segmentActive : styles.segment}
            onClick={() => setLeverage(pick)}
          >
            {pick}x
          </button>
        ))}
      </div>
      <p className={styles.note}>{t('futures.leverageNote')}</p>
    </Modal>
  );
}
