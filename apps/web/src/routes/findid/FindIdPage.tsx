import { useState } from 'react';
import { findId } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { EmailField, PhoneField, RecoveryTabs } from '../../features/account/AccountFields.tsx';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { formatPhoneWhenComplete } from '../../features/account/inputRules.ts';
import { useAccountForm } from '../../features/account/useAccountForm.ts';
import { validateFindId } from '../../features/account/validation.ts';
import type { FindIdField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';

/** Seed 000 §2/§5/§8: email and phone; the answer is 'Your User ID is ...'. */
export default function FindIdPage() {
  const t = useT();
  const [popup, setPopup] = useState<string | null>(null);
  const { bind, onSubmit, submitting } = useAccountForm<FindIdField>({
    initial: { email: '', phone: '' },
    validate: validateFindId,
    send: async ({ email, phone }) => {
      const answer = await findId({ email: email.trim(), phone });
      if (isSuccess(answer)) setPopup(t('findId.result', { userId: String(answer.data ?? '') }));
      else if (answer.httpStatus !== 200) setPopup(t('findId.failed'));
      else setPopup(answer.message);
    },
    onFailure: () => setPopup(t('findId.failed')),
  });

  return (
    <AuthCard
      title={t('findId.title')}
      subtitle={t('findId.subtitle')}
      links={[
        { to: '/findpass', label: 'findPassword.title' },
        { to: '/login', label: 'nav.login' },
      ]}
    >
      <RecoveryTabs active="/findid" />
      <form className="form" onSubmit={onSubmit} noValidate data-testid="findid-form">
        <EmailField {...bind('email')} label={t('findId.email')} type="email" autoComplete="email" />
        <PhoneField {...bind('phone', formatPhoneWhenComplete)} label={t('findId.phone')} />
        <SubmitButton busy={submitting}>{t('findId.submit')}</SubmitButton>
      </form>
      {popup ? <MessageDialog message={popup} onClose={() => setPopup(null)} /> : null}
    </AuthCard>
  );
}
