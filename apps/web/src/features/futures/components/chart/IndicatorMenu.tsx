import { useEffect, useRef, useState } from 'react';
import { INDICATOR_KINDS, type IndicatorKind, type IndicatorSet } from '../../calc/indicators.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { INDICATOR_COLOURS } from './chartSeries.ts';
import futures from '../../futures.module.css';
import styles from './chart.module.css';

const LABELS = {
  volume: 'futures.chart.volume',
  ma: 'futures.chart.ma',
  ema: 'futures.chart.ema',
  bb: 'futures.chart.bb',
} as const;

const swatch = (kind: IndicatorKind) => (kind === 'volume' ? 'rgba(14, 203, 129, 0.6)' : INDICATOR_COLOURS[kind]);

/** A button opening checkboxes for volume, MA, EMA and Bollinger; closes on a click outside or Escape. */
export function IndicatorMenu({ set, toggle }: { set: IndicatorSet; toggle(kind: IndicatorKind): void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className={styles.menu} ref={ref}>
      <button
        type="button"
        className={futures.segment}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="chart-indicators"
      >
        {t('futures.chart.indicators')}
      </button>
      {open ? (
        <ul className={styles.menuList}>
          {INDICATOR_KINDS.map((kind) => (
            <li key={kind}>
              <label className={styles.menuItem}>
                <input
                  type="checkbox"
                  checked={set[kind]}
                  onChange={() => toggle(kind)}
                  data-testid={`indicator-${kind}`}
                />
                <span className={styles.swatch} style={{ background: swatch(kind) }} />
                {t(LABELS[kind])}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
