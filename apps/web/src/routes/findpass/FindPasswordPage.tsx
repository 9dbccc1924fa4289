import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { changePassword } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { filterUserIdInput } from '../../features/account/inputRules.ts';
import { useFieldFocus } from '../../features/account/useFieldFocus.ts';
import { validateFindPassword } from '../../features/account/validation.ts';
import type { FieldError, FindPasswordField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';

type Popup = { message: string; changed: boolean };

/** Seed 000 §2/§4/§5/§8: reset with UserID and USDT (BEP-20) address; closing the success message goes to /login. */
export default function FindPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const fields = useFieldFocus<FindPasswordField>();
  const [form, setForm] = useState({ userid: '', address: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<FieldError<FindPasswordField> | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: FindPasswordField, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorFor = (field: FindPasswordField) => (error?.field === field ? t(error.message) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const failure = validateFindPassword(form);
    setError(failure);
    if (failure) return fields.focus(failure.field);
    setSubmitting(true);
    try {
      const answer = await changePassword({
        userid: form.userid,
        bscAddress: form.address.trim(),
        password: form.password,
      });
      if (isSuccess(answer)) setPopup({ message: t('findPassword.changed'), changed: true });
      else if (answer.httpStatus !== 200) setPopup({ message: t('findPassword.failed'), changed: false });
      else setPopup({ message: answer.message, changed: false });
    } catch {
      setPopup({ message: t('findPassword.failed'), changed: false });
    } finally {
      setSubmitting(false);
    }
  };

  const closePopup = () => {
    const changed = popup?.changed;
    setPopup(null);
    if (changed) navigate('/login');
  };

  return (
    <AuthCard
      title={t('findPassword.title')}
      subtitle={t('findPassword.subtitle')}
      footer={
        <Link to="/login" className="link">
          {t('nav.login')}
        </Link>
      }
    >
      <div className="tabs tabs--auth" role="tablist">
        <Link to="/findid" className="tabs__tab" role="tab" aria-selected="false">
          {t('findId.tab')}
        </Link>
        <Link to="/findpass" className="tabs__tab is-active" role="tab" aria-selected="true">
          {t('findPassword.tab')}
        </Link>
      </div>
      <form className="form" onSubmit={submit} noValidate data-testid="findpass-form">
        <TextField
          ref={fields.register('userid')}
          label={t('findPassword.userId')}
          name="userid"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.emailPlaceholder')}
          value={form.userid}
          error={errorFor('userid')}
          onChange={(event) => update('userid', filterUserIdInput(event.target.value))}
        />
        <TextField
          ref={fields.register('address')}
          label={t('findPassword.address')}
          name="address"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="0x…"
          value={form.address}
          error={errorFor('address')}
          hint={t('findPassword.addressHint')}
          onChange={(event) => update('address', event.target.value)}
        />
        <PasswordField
          ref={fields.register('password')}
          label={t('findPassword.newPassword')}
          name="password"
          autoComplete="new-password"
          value={form.password}
          error={errorFor('password')}
          onChange={(event) => update('password', event.target.value)}
        />
        <PasswordField
          ref={fields.register('confirmPassword')}
          label={t('findPassword.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={errorFor('confirmPassword')}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={submitting}>
          {t('findPassword.submit')}
        </button>
      </form>
      {popup ? <MessageDialog message={popup.message} onClose={closePopup} /> : null}
    </AuthCard>
  );
}
