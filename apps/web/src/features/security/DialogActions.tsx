import { useT } from '../../i18n/I18nProvider.tsx';
import styles from './security.module.css';

/** A dialog form's submit button and its Cancel. */
export function DialogActions(props: { submitLabel: string; busy: boolean; testId: string; onCancel(): void }) {
  const t = useT();
  return (
    <div className={styles.actions}>
      <button type="submit" className="btn btn--primary" disabled={props.busy} data-testid={props.testId}>
        {props.submitLabel}
      </button>
      <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
        {t('apiKeys.cancel')}
      </button>
    </div>
  );
}
