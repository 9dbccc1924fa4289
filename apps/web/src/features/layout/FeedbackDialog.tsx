import { useState } from 'react';
import type { FormEvent } from 'react';
import { sendFeedback } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { isBlank } from '../account/inputRules.ts';

export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_BODY_MAX = 2000;

/** Seed 000 §2/§5: the footer's feedback dialog (title, body), stored via POST /feedback, closed on submit. */
export function FeedbackDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(title)) return toast(t('feedback.titleRequired'), 'error');
    if (isBlank(body)) return toast(t('feedback.bodyRequired'), 'error');
    onClose();
    sendFeedback({ title: title.trim(), body: body.trim() })
      .then((answer) =>
        toast(isSuccess(answer) ? t('feedback.thanks') : answer.message, isSuccess(answer) ? 'success' : 'error'),
      )
      .catch(() => toast(t('feedback.failed'), 'error'));
  };

  return (
    <Modal title={t('feedback.title')} onClose={onClose} size="md">
      <form className="form" onSubmit={submit} noValidate data-testid="feedback-form">
        <label className="field">
          <span className="field__label">{t('feedback.titleLabel')}</span>
          <input
            className="input"
            name="title"
            value={title}
            maxLength={FEEDBACK_TITLE_MAX}
            placeholder={t('feedback.titlePlaceholder')}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('feedback.bodyLabel')}</span>
          <textarea
            className="input input--area"
            name="body"
            rows={6}
            value={body}
            maxLength={FEEDBACK_BODY_MAX}
            placeholder={t('feedback.bodyPlaceholder')}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--block">
          {t('feedback.submit')}
        </button>
      </form>
    </Modal>
  );
}
