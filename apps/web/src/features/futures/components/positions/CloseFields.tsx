// The fields the close dialogs share (close by market, close at a price): one place for the input's money rules.
import { QTY_SCALE, formatDecimal, type QtyLots } from '@tickline/money';
import { amountInputOrZero } from '../../../../lib/amountInput.ts';
import { closeAmount } from '../../calc/orderMaths.ts';
import styles from '../../futures.module.css';

const QUICK = [25, 50, 75, 100] as const;

interface FieldProps {
  label: string;
  unit: string;
  value: string;
  onChange(text: string): void;
  testId: string;
}

/** A labelled decimal input with its unit; `onChange` gets the raw text (each caller applies its scale's rule). */
export function DecimalField({ label, unit, value, onChange, testId }: FieldProps) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <input
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      <em>{unit}</em>
    </label>
  );
}

/**
 * The close size in the market's base asset (`unit`; seeds §5: kept to 4 decimals) and the quick 25/50/75/100 % of the position, floored to the
 * lot; the quick buttons' test ids are `<quickPrefix>-<pct>`.
 */
export function CloseSizeField({
  label,
  value,
  onChange,
  unit,
  volume,
  testId,
  quickPrefix,
}: FieldProps & { volume: QtyLots; quickPrefix: string }) {
  return (
    <>
      <DecimalField
        label={label}
        unit={unit}
        value={value}
        onChange={(text) => onChange(amountInputOrZero(text, QTY_SCALE))}
        testId={testId}
      />
      <div className={styles.quickPicks}>
        {QUICK.map((pct) => (
          <button
            key={pct}
            type="button"
            className={styles.segment}
            onClick={() => onChange(formatDecimal(closeAmount(volume, pct), QTY_SCALE))}
            data-testid={`${quickPrefix}-${pct}`}
          >
            {pct}%
          </button>
        ))}
      </div>
    </>
  );
}
