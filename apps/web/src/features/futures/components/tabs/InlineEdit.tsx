import { useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE } from '@tickline/protocol';
import { useState, type KeyboardEvent } from 'react';
import { NetworkError, SESSION_INVALID_CODE } from '../../../../api/client.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { useToast } from '../../../../ui/Toast.tsx';
import { endInvalidSession, futuresKeys } from '../../queries.ts';
import { amendOrder } from './api.ts';
import { amendBody, parseAmendInput, type AmendField } from './inlineEdit.ts';
import styles from './tabs.module.css';

interface InlineEditProps {
  no: number;
  field: AmendField;
  value: number;
  /** The value as the table shows it. */
  shown: string;
  label: string;
}

/**
 * A price or size cell of an open order: click to edit, Enter or ✓ sends `POST /order/amend`, Esc or ✕ leaves it.
 * A refusal stays under the field in the server's own words; the user stream then moves the row.
 */
export function InlineEdit({ no, field, value, shown, label }: InlineEditProps) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const testId = `amend-${field}`;

  const close = () => {
    setDraft(null);
    setError(null);
  };
  const confirm = async () => {
    if (draft === null || sending) return;
    const parsed = parseAmendInput(field, draft, value);
    if (!parsed.ok) return setError(t(`futures.tabs.problem.${parsed.problem}`));
    setSending(true);
    try {
      const answer = await amendOrder(amendBody(no, field, parsed.text));
      if (answer.code === SUCCESS_CODE) {
        toast(t('futures.tabs.amended'), 'success');
        close();
        void queryClient.invalidateQueries({ queryKey: futuresKeys.openOrders });
      } else if (answer.code === SESSION_INVALID_CODE) endInvalidSession();
      else setError(answer.message || String(answer.code));
    } catch (failure) {
      if (!(failure instanceof NetworkError)) throw failure;
    } finally {
      setSending(false);
    }
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') void confirm();
    else if (event.key === 'Escape') close();
  };

  if (draft === null)
    return (
      <button
        type="button"
        className={styles.editable}
        onClick={() => setDraft(String(value))}
        aria-label={t('futures.tabs.edit', { field: label })}
        data-testid={testId}
      >
        {shown}
      </button>
    );
  return (
    <span className={styles.editor}>
      <span className={styles.editRow}>
        <input
          className={styles.editInput}
          value={draft}
          inputMode="decimal"
          autoFocus
          aria-label={label}
          aria-invalid={error !== null}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKey}
          data-testid={`${testId}-input`}
        />
        <button
          type="button"
          className={styles.editOk}
          disabled={sending}
          onClick={() => void confirm()}
          aria-label={t('futures.tabs.confirmEdit')}
          data-testid={`${testId}-confirm`}
        >
          ✓
        </button>
        <button
          type="button"
          className={styles.editCancel}
          onClick={close}
          aria-label={t('futures.tabs.cancelEdit')}
          data-testid={`${testId}-cancel`}
        >
          ✕
        </button>
      </span>
      {error !== null ? (
        <span className={styles.editError} role="alert" data-testid="amend-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
