import type { PositionSide } from '@tickline/protocol';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { rowSymbol } from '../../markets/symbols.ts';
import styles from '../../futures.module.css';

/** A table head of plain labels. */
export function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label}>{label}</th>
        ))}
      </tr>
    </thead>
  );
}

/** The row's market (#34; a row without one is BTCUSDT's). */
export function SymbolCell({ row, label }: { row: { symbol?: string | undefined }; label: string }) {
  return (
    <td data-label={label} data-testid="row-symbol">
      {rowSymbol(row)}
    </td>
  );
}

/** Long in green, Short in red. */
export function SideCell({ position, label }: { position: PositionSide; label: string }) {
  const t = useT();
  return (
    <td data-label={label} className={position === 1 ? styles.up : styles.down}>
      {t(position === 1 ? 'futures.long' : 'futures.short')}
    </td>
  );
}

interface CancelCellProps {
  no: number;
  label: string;
  cancelling: number | null;
  onCancel(no: number): Promise<void>;
  testId: string;
}

/** The row's Cancel, greyed while its cancel is on the way. */
export function CancelCell({ no, label, cancelling, onCancel, testId }: CancelCellProps) {
  const t = useT();
  return (
    <td data-label={label}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={cancelling === no}
        onClick={() => void onCancel(no)}
        data-testid={testId}
      >
        {t('futures.cancelOrder')}
      </button>
    </td>
  );
}
