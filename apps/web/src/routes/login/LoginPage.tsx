import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { login } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { saveLogin } from '../../api/session.ts';
import { UserIdField } from '../../features/account/AccountFields.tsx';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { filterUserIdInput } from '../../features/account/inputRules.ts';
import { useAccountForm } from '../../features/account/useAccountForm.ts';
import { validateLogin } from '../../features/account/validation.ts';
import type { LoginField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import styles from './LoginPage.module.css';

const TOTP_REQUIRED_CODE = 2040;

/** Seed 000 §2/§4/§5/§8: Email (UserID) and Password; Enter submits; success stores the session and goes to /. */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  // #18: arriving from a registration, the new id is filled in.
  const registered = (useLocation().state as { userid?: unknown } | null)?.userid;
  const [popup, setPopup] = useState<string | null>(null);
  // Two-factor on: the server asks for the code (2040) and the same form sends the password again with it.
  const [codeAsked, setCodeAsked] = useState(false);
  const [otp, setOtp] = useState('');
  const { bind, onSubmit, submitting } = useAccountForm<LoginField>({
    initial: { email: typeof registered === 'string' ? registered : '', password: '' },
    validate: validateLogin,
    send: async ({ email, password }) => {
      const answer = await login({ userid: email, password, ...(codeAsked ? { otp } : {}) });
      const data = answer.data;
      if (answer.code === TOTP_REQUIRED_CODE) return setCodeAsked(true);
      // The envelope's message is the errorMessage in the interface language (the server sends both alike).
      if (data?.errorMessage) return setPopup(answer.message || data.errorMessage);
      if (answer.httpStatus !== 200) return setPopup(t('login.requestFailed'));
      if (!isSuccess(answer) || !data?.accessToken) return setPopup(answer.message || t('login.requestFailed'));
      saveLogin({ userid: email, level: data.level, accessToken: data.accessToken, refreshToken: data.refreshToken });
      void navigate('/', { replace: true }); // BrowserRouter: nothing to wait for
    },
    onFailure: () => setPopup(t('login.requestFailed')),
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      links={[
        { to: '/findid', label: 'login.findIdPassword' },
        { to: '/register', label: 'login.signUp', prompt: 'login.noAccount' },
      ]}
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="login-form">
        <UserIdField {...bind('email', filterUserIdInput)} label={t('login.email')} type="text" inputMode="email" />
        <PasswordField
          {...bind('password')}
          label={t('login.password')}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
        />
        {codeAsked ? (
          <TextField
            label={t('login.code')}
            hint={t('login.codeHint')}
            value={otp}
            autoComplete="one-time-code"
            autoFocus
            onChange={(event) => setOtp(event.target.value.trim().slice(0, 20))}
            data-testid="login-otp"
          />
        ) : null}
        <div className={`${styles.row} ${styles.end}`}>
          <Link to="/findpass" className="link link--small">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <SubmitButton busy={submitting} spinner>
          {t('login.submit')}
        </SubmitButton>
      </form>
      {popup ? <MessageDialog message={popup} onClose={() => setPopup(null)} /> : null}
    </AuthCard>
  );
}
