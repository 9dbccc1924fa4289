import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { RecoveryTabs, UserIdField } from '../../features/account/AccountFields.tsx';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { filterUserIdInput } from '../../features/account/inputRules.ts';
import { useAccountForm } from '../../features/account/useAccountForm.ts';
import { validateFindPassword } from '../../features/account/validation.ts';
import type { FindPasswordField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

type Popup = { message: string; changed: boolean };

/** Seed 000 §2/§4/§5/§8: reset with UserID and USDT (BEP-20) address; closing the success message goes to /login. */
export default function FindPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<Popup | null>(null);
  const { bind, onSubmit, submitting } = useAccountForm<FindPasswordField>({
    initial: { userid: '', address: '', password: '', confirmPassword: '' },
    validate: validateFindPassword,
    send: async ({ userid, address, password }) => {
      const answer = await changePassword({ userid, bscAddress: address.trim(), password });
      if (isSuccess(answer)) setPopup({ message: t('findPassword.changed'), changed: true });
      else if (answer.httpStatus !== 200) setPopup({ message: t('findPassword.failed'), changed: false });
      else setPopup({ message: answer.message, changed: false });
    },
    onFailure: () => setPopup({ message: t('findPassword.failed'), changed: false }),
  });

  const closePopup = () => {
    const changed = popup?.changed;
    setPopup(null);
    // BrowserRouter's navigate returns nothing to wait for (the promise in its type is the data routers').
    if (changed) void navigate('/login');
  };

  return (
    <AuthCard
      title={t('findPassword.title')}
      subtitle={t('findPassword.subtitle')}
      links={[{ to: '/login', label: 'nav.login' }]}
    >
      <RecoveryTabs active="/findpass" />
      <form className="form" onSubmit={onSubmit} noValidate data-testid="findpass-form">
        <UserIdField {...bind('userid', filterUserIdInput)} label={t('findPassword.userId')} />
        <TextField
          {...bind('address')}
          label={t('findPassword.address')}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="0x…"
          hint={t('findPassword.addressHint')}
        />
        <PasswordField {...bind('password')} label={t('findPassword.newPassword')} autoComplete="new-password" />
        <PasswordField
          {...bind('confirmPassword')}
          label={t('findPassword.confirmPassword')}
          autoComplete="new-password"
        />
        <SubmitButton busy={submitting}>{t('findPassword.submit')}</SubmitButton>
      </form>
      {popup ? <MessageDialog message={popup.message} onClose={closePopup} /> : null}
    </AuthCard>
  );
}
