import type { ReactNode } from 'react';
import type { Numeric } from '../../../api/types.ts';
import { signOf } from '../../../lib/decimal.ts';
import styles from '../partners.module.css';

export interface StatItem {
  label: string;
  value: ReactNode;
  unit?: string;
  /** Colour the value by its sign (profit / loss). */
  signed?: Numeric;
  testId?: string;
  /** Makes the figure a button (drill-down). */
  onOpen?(): void;
}

/** A row of label-over-value figures; `flush` when it sits inside a panel (no frame of its own). */
export function Stats({ items, testId, flush = false }: { items: StatItem[]; testId?: string; flush?: boolean }) {
  return (
    <div className={`${styles.stats} ${flush ? styles.statsFlush : ''}`} data-testid={testId}>
      {items.map((item) => {
        const sign = item.signed === undefined ? 0 : signOf(item.signed);
        const tone = sign === 1 ? styles.up : sign === -1 ? styles.down : '';
        const body = (
          <>
            <span className={styles.statLabel}>{item.label}</span>
            <span className={`${styles.statValue} ${tone}`} data-testid={item.testId}>
              {item.value}
              {item.unit ? <span className={styles.statUnit}>{item.unit}</span> : null}
            </span>
          </>
        );
        return item.onOpen ? (
          <button
            key={item.label}
            type="button"
            className={`${styles.stat} ${styles.statButton}`}
            onClick={item.onOpen}
          >
            {body}
          </button>
        ) : (
          <div key={item.label} className={styles.stat}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
