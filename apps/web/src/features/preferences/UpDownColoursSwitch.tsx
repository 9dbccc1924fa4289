import { useT } from '../../i18n/I18nProvider.tsx';
import { TriangleIcon } from '../../ui/icons.tsx';
import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import styles from './UpDownColoursSwitch.module.css';
import type { UpDownColours } from './upDownColours.ts';
import { useUpDownColours } from './useUpDownColours.ts';

const OPTIONS: readonly {
  value: UpDownColours;
  label: MessageKey;
  up: string | undefined;
  down: string | undefined;
}[] = [
  { value: 'green-up', label: 'preferences.greenUp', up: styles.green, down: styles.red },
  { value: 'red-up', label: 'preferences.redUp', up: styles.red, down: styles.green },
];

const labelOf = (value: UpDownColours): MessageKey =>
  value === 'red-up' ? 'preferences.redUp' : 'preferences.greenUp';

/** Compact: one button in the header (▲▼ in the current colours) that swaps them; full: both options, for menus. */
export function UpDownColoursSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const t = useT();
  const { upDown, setUpDown } = useUpDownColours();
  if (variant === 'compact') {
    const label = t('preferences.upDownNow', { current: t(labelOf(upDown)) });
    return (
      <button
        type="button"
        className={styles.compact}
        aria-label={label}
        title={label}
        data-testid="updown-switch"
        onClick={() => setUpDown(upDown === 'red-up' ? 'green-up' : 'red-up')}
      >
        <TriangleIcon direction="up" className={styles.up} />
        <TriangleIcon direction="down" className={styles.down} />
      </button>
    );
  }
  return (
    <div className={styles.full} role="group" aria-label={t('preferences.upDownColours')}>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === upDown}
          onClick={() => setUpDown(option.value)}
        >
          <span aria-hidden="true">
            <TriangleIcon direction="up" className={option.up} />
            <TriangleIcon direction="down" className={option.down} />
          </span>
          {t(option.label)}
        </button>
      ))}
    </div>
  );
}
