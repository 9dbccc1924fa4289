import type { ApiKeyPermission, CreatedApiKey } from '@tickline/protocol';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import { ActionError } from '../../ui/ActionError.tsx';
import { TextField } from '../../ui/Field.tsx';
import { DialogActions } from './DialogActions.tsx';
import { SecondFactorField } from './SecondFactorField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { createApiKey } from './api.ts';
import { useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

const PERMISSIONS: readonly ApiKeyPermission[] = ['read', 'trade'];

/** Addresses typed with commas, spaces or new lines between them. */
const addressList = (text: string) => text.split(/[\s,]+/).filter((address) => address !== '');

/** The create dialog: label, permissions, addresses (and the two-factor code when on); then the secret, shown once. */
export function CreateApiKeyDialog({ codeNeeded, onClose }: { codeNeeded: boolean; onClose(): void }) {
  const t = useT();
  const toast = useToast();
  const action = useSecurityAction();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [ips, setIps] = useState('');
  const [otp, setOtp] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { ok, data } = await action.run(() => createApiKey({ label, permissions, ips: addressList(ips), otp }));
    if (ok && data) setCreated(data);
  };
  const toggle = (permission: ApiKeyPermission, on: boolean) =>
    setPermissions((current) => PERMISSIONS.filter((p) => (p === permission ? on : current.includes(p))));
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('apiKeys.copied'), 'success');
    } catch {
      toast(t('apiKeys.copyFailed'), 'error');
    }
  };

  if (created)
    return (
      <Modal title={t('apiKeys.secretTitle')} onClose={onClose} size="md">
        <div className={styles.recovery} data-testid="api-key-created">
          <p className={styles.warning}>{t('apiKeys.secretHint')}</p>
          {(
            [
              ['apiKeys.key', created.apiKey, 'api-key-value'],
              ['apiKeys.secret', created.secret, 'api-key-secret'],
            ] as const
          ).map(([name, value, testId]) => (
            <div key={name} className="field">
              <span className="field__label">{t(name)}</span>
              <div className={styles.enrol}>
                <code className={`mono ${styles.secret}`} data-testid={testId}>
                  {value}
                </code>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => void copy(value)}
                  aria-label={`${t('apiKeys.copy')} ${t(name)}`}
                >
                  {t('apiKeys.copy')}
                </button>
              </div>
            </div>
          ))}
          <button type="button" className="btn btn--primary" onClick={onClose} data-testid="api-key-done">
            {t('apiKeys.done')}
          </button>
        </div>
      </Modal>
    );

  return (
    <Modal title={t('apiKeys.create')} onClose={onClose} size="md">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate data-testid="api-key-form">
        <TextField
          label={t('apiKeys.label')}
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
          data-testid="api-key-label"
        />
        <fieldset className={styles.permissions}>
          <legend className="field__label">{t('apiKeys.permissions')}</legend>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className={styles.check}>
              <input
                type="checkbox"
                checked={permissions.includes(permission)}
                onChange={(event) => toggle(permission, event.target.checked)}
                data-testid={`api-key-${permission}`}
              />
              {t(permission === 'read' ? 'apiKeys.read' : 'apiKeys.trade')}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('apiKeys.ips')}
          hint={t('apiKeys.ipsHint')}
          value={ips}
          spellCheck={false}
          onChange={(event) => setIps(event.target.value)}
          data-testid="api-key-ips"
        />
        <SecondFactorField needed={codeNeeded} value={otp} onChange={setOtp} />
        <ActionError message={action.error} />
        <DialogActions
          submitLabel={t('apiKeys.create')}
          busy={action.busy}
          testId="api-key-submit"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
