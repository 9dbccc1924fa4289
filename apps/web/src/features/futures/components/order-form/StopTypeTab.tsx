import { STOP_KINDS, type StopKind } from '../../calc/orderForm.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';

interface StopTypeTabProps {
  active: boolean;
  kind: StopKind;
  onPick: (kind: StopKind) => void;
}

/** The third order-type tab, "Stop ▾": a native select, so it opens as a sheet on a phone and by keyboard. */
export function StopTypeTab({ active, kind, onPick }: StopTypeTabProps) {
  const t = useT();
  return (
    <label className={`${active ? styles.tabActive : styles.tab} ${styles.stopTab}`}>
      <select
        role="tab"
        aria-selected={active}
        aria-label={t('futures.form.orderType')}
        value={kind}
        onChange={(event) => onPick(event.target.value as StopKind)}
        onClick={() => (active ? undefined : onPick(kind))}
        data-testid="order-stop-kind"
      >
        {STOP_KINDS.map((choice) => (
          <option key={choice} value={choice}>
            {t(`futures.form.${choice}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
