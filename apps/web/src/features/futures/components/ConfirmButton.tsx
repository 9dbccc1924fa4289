import { useT } from '../../../i18n/I18nProvider.tsx';

/** The full-width Confirm at the foot of every futures modal (leverage, close, TP/SL); disabled while sending. */
export function ConfirmButton({ busy, onConfirm, testId }: { busy: boolean; onConfirm(): void; testId: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      disabled={busy}
      onClick={onConfirm}
      data-testid={testId}
    >
      {t('futures.confirm')}
    </button>
  );
}
