import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { changeOwnPassword } from './api.ts';
import { useSecurityAction } from './useSecurityAction.ts';
import styles from './security.module.css';

/** Password change with the current password; the server ends the other sessions and holds withdrawals for 24 h. */
export function PasswordCard() {
  const t = useT();
  const action = useSecurityAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { ok } = await action.run(() => changeOwnPassword(current, next), t('security.passwordChanged'));
    if (ok) {
      setCurrent('');
      setNext('');
    }
  };
  return (
    <section className={`card ${styles.card}`}>
      <h2 className="card__title">{t('security.password')}</h2>
      <p className="muted">{t('security.passwordHint')}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
        <PasswordField
          label={t('security.currentPassword')}
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <PasswordField
          label={t('security.newPassword')}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={action.error}
        />
        <SubmitButton busy={action.busy}>{t('security.change')}</SubmitButton>
      </form>
    </section>
  );
}
