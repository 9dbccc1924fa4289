import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { findId } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { formatPhoneWhenComplete } from '../../features/account/inputRules.ts';
import { useFieldFocus } from '../../features/account/useFieldFocus.ts';
import { validateFindId } from '../../features/account/validation.ts';
import type { FieldError, FindIdField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';

/** Seed 000 §2/§5/§8: email and phone; the answer is 'Your User ID is ...'. */
export default function FindIdPage() {
  const t = useT();
  const fields = useFieldFocus<FindIdField>();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<FieldError<FindIdField> | null>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const failure = validateFindId({ email, phone });
    setError(failure);
    if (failure) return fields.focus(failure.field);
    setSubmitting(true);
    try {
      const answer = await findId({ email: email.trim(), phone });
      if (isSuccess(answer)) setPopup(t('findId.result', { userId: String(answer.data ?? '') }));
      else if (answer.httpStatus !== 200) setPopup(t('findId.failed'));
      else setPopup(answer.message);
    } catch {
      setPopup(t('findId.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const errorFor = (field: FindIdField) => (error?.field === field ? t(error.message) : null);

  return (
    <AuthCard
      title={t('findId.title')}
      subtitle={t('findId.subtitle')}
      footer={
        <>
          <Link to="/findpass" className="link">
            {t('findPassword.title')}
          </Link>
          <Link to="/login" className="link">
            {t('nav.login')}
          </Link>
        </>
      }
    >
      <div className="tabs tabs--auth" role="tablist">
        <Link to="/findid" className="tabs__tab is-active" role="tab" aria-selected="true">
          {t('findId.tab')}
        </Link>
        <Link to="/findpass" className="tabs__tab" role="tab" aria-selected="false">
          {t('findPassword.tab')}
        </Link>
      </div>
      <form className="form" onSubmit={submit} noValidate data-testid="findid-form">
        <TextField
          ref={fields.register('email')}
          label={t('findId.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          placeholder={t('login.emailPlaceholder')}
          value={email}
          error={errorFor('email')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          ref={fields.register('phone')}
          label={t('findId.phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="010-1234-5678"
          value={phone}
          error={errorFor('phone')}
          onChange={(event) => setPhone(formatPhoneWhenComplete(event.target.value))}
        />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={submitting}>
          {t('findId.submit')}
        </button>
      </form>
      {popup ? <MessageDialog message={popup} onClose={() => setPopup(null)} /> : null}
    </AuthCard>
  );
}
