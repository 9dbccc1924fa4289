import { useQuery } from '@tanstack/react-query';
import type { ApiKeySummary } from '@tickline/protocol';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ActionError } from '../../ui/ActionError.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { DialogActions } from './DialogActions.tsx';
import { SecondFactorField } from './SecondFactorField.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { deleteApiKey, fetchApiKeys } from './api.ts';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { securityKey, useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

// Under the security page's key, so that every action of the page (which reloads it) reloads the keys too.
const apiKeysKey = [...securityKey, 'apiKeys'] as const;

/** API keys for programs (#29): the list, a create dialog that shows the secret once, and delete. */
export function ApiKeysCard({ codeNeeded }: { codeNeeded: boolean }) {
  const t = useT();
  const query = useQuery({ queryKey: apiKeysKey, queryFn: fetchApiKeys });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKeySummary | null>(null);
  const columns: Column<ApiKeySummary>[] = [
    { header: t('apiKeys.label'), labelled: true, cell: (row) => row.label },
    {
      header: t('apiKeys.key'),
      labelled: true,
      cell: (row) => <span className={`mono ${styles.keyId}`}>{row.apiKey}</span>,
    },
    {
      header: t('apiKeys.permissions'),
      labelled: true,
      cell: (row) => row.permissions.map((p) => t(p === 'read' ? 'apiKeys.read' : 'apiKeys.trade')).join(', '),
    },
    {
      header: t('security.address'),
      labelled: true,
      cell: (row) => (row.ips.length > 0 ? row.ips.join(', ') : t('apiKeys.anyAddress')),
    },
    { header: t('apiKeys.created'), labelled: true, cell: (row) => formatDateTime(row.createdAt) },
    {
      header: t('apiKeys.lastUsed'),
      labelled: true,
      cell: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : t('apiKeys.never')),
    },
    {
      header: '',
      cell: (row) => (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDeleting(row)}>
          {t('apiKeys.delete')}
        </button>
      ),
    },
  ];
  return (
    <section className={`card ${styles.card} ${styles.wide}`} data-testid="api-keys-card">
      <div className={styles.headRow}>
        <h2 className="card__title">{t('apiKeys.title')}</h2>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => setCreating(true)}
          data-testid="api-key-create"
        >
          {t('apiKeys.create')}
        </button>
      </div>
      <p className="muted">{t('apiKeys.hint')}</p>
      <ActionError message={query.error?.message} />
      <DataTable
        columns={columns}
        rows={query.data?.keys ?? []}
        rowKey="apiKey"
        className="table--stack"
        wrapperClassName="table-scroll"
        testId="api-keys"
        pending={query.isPending}
        skeletonRows={1}
        emptyMessage={t('apiKeys.none')}
      />
      {creating ? <CreateApiKeyDialog codeNeeded={codeNeeded} onClose={() => setCreating(false)} /> : null}
      {deleting ? (
        <DeleteApiKeyDialog apiKey={deleting} codeNeeded={codeNeeded} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}

function DeleteApiKeyDialog(props: { apiKey: ApiKeySummary; codeNeeded: boolean; onClose(): void }) {
  const { apiKey, codeNeeded, onClose } = props;
  const t = useT();
  const action = useSecurityAction();
  const [otp, setOtp] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { ok } = await action.run(() => deleteApiKey(apiKey.apiKey, otp), t('apiKeys.deleted'));
    if (ok) onClose();
  };
  return (
    <Modal title={t('apiKeys.deleteTitle')} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">{t('apiKeys.deleteHint', { label: apiKey.label })}</p>
        <SecondFactorField needed={codeNeeded} value={otp} onChange={setOtp} />
        <ActionError message={action.error} />
        <DialogActions
          submitLabel={t('apiKeys.delete')}
          busy={action.busy}
          testId="api-key-delete-confirm"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
