import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import { useAdminText } from './useAdminText.ts';
import styles from './admin.module.css';

/** An operator action waiting for its confirmation: what it does, and the reason the audit log will keep. */
export interface PendingAction {
  title: string;
  description: string;
  confirmLabel: string;
  /** Destructive or restrictive actions (freeze, revoke) get the danger colour. */
  danger?: boolean;
  /** A reason is asked for and required (the server refuses an empty one too). */
  needsReason?: boolean;
  /** Who sees the reason; by default the audit log only. */
  reasonLabel?: string;
  run(reason: string): Promise<void>;
}

const MAX_REASON_LENGTH = 500;

/** The console's confirmation: nothing happens until the operator confirms, with a reason where one is needed. */
export function ConfirmAction({ action, onClose }: { action: PendingAction; onClose(): void }) {
  const t = useAdminText();
  const [reason, setReason] = useState('');
  const confirming = useMutation({ mutationFn: (given: string) => action.run(given), onSuccess: () => onClose() });
  const busy = confirming.isPending;
  // No answer (offline, or not ours): the outcome is unknown, so the dialog stays with a word on it.
  const failed = confirming.isError;
  const ready = !action.needsReason || reason.trim() !== '';
  return (
    <Modal
      title={action.title}
      onClose={onClose}
      size="md"
      footer={
        <div className={styles.confirmFoot}>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onClose} data-testid="confirm-cancel">
            {t('admin.cancel')}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${action.danger ? styles.dangerButton : 'btn--primary'}`}
            disabled={!ready || busy}
            onClick={() => confirming.mutate(reason.trim())}
            data-testid="confirm-action"
          >
            {action.confirmLabel}
          </button>
        </div>
      }
    >
      <p className={styles.confirmText}>{action.description}</p>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('admin.networkFailed')}
        </p>
      ) : null}
      {action.needsReason ? (
        <label className={styles.reason}>
          <span>{action.reasonLabel ?? t('admin.confirm.reason')}</span>
          <textarea
            value={reason}
            maxLength={MAX_REASON_LENGTH}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            data-testid="confirm-reason"
          />
        </label>
      ) : null}
    </Modal>
  );
}
