import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { login } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { saveLogin } from '../../api/session.ts';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { filterUserIdInput } from '../../features/account/inputRules.ts';
import { useFieldFocus } from '../../features/account/useFieldFocus.ts';
import { validateLogin } from '../../features/account/validation.ts';
import type { FieldError, LoginField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';

/** Seed 000 §2/§4/§5/§8: Email (UserID) and Password; Enter submits; success stores the session and goes to /. */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const fields = useFieldFocus<LoginField>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError<LoginField> | null>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const failure = validateLogin({ email, password });
    setError(failure);
    if (failure) return fields.focus(failure.field);

    setSubmitting(true);
    try {
      const answer = await login({ userid: email, password });
      const data = answer.data;
      if (data?.errorMessage) return setPopup(data.errorMessage);
      if (answer.httpStatus !== 200) return setPopup(t('login.requestFailed'));
      if (!isSuccess(answer) || !data?.accessToken) return setPopup(answer.message || t('login.requestFailed'));
      saveLogin({ userid: email, level: data.level, accessToken: data.accessToken, refreshToken: data.refreshToken });
      navigate('/', { replace: true });
    } catch {
      setPopup(t('login.requestFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  const errorFor = (field: LoginField) => (error?.field === field ? t(error.message) : null);

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <Link to="/findid" className="link">
            {t('login.findIdPassword')}
          </Link>
          <span className="muted">
            {t('login.noAccount')}{' '}
            <Link to="/register" className="link">
              {t('login.signUp')}
            </Link>
          </span>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate data-testid="login-form">
        <TextField
          ref={fields.register('email')}
          label={t('login.email')}
          name="email"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          error={errorFor('email')}
          onChange={(event) => setEmail(filterUserIdInput(event.target.value))}
        />
        <PasswordField
          ref={fields.register('password')}
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          error={errorFor('password')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form__row form__row--end">
          <Link to="/findpass" className="link link--small">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={submitting}>
          {submitting ? <span className="spinner spinner--inline" /> : null}
          {t('login.submit')}
        </button>
      </form>
      {popup ? <MessageDialog message={popup} onClose={() => setPopup(null)} /> : null}
    </AuthCard>
  );
}
