import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';

type TextFieldProps = ComponentProps<typeof TextField>;

/** An email address input (the user ID is one too): no auto-capitalisation, an example address as placeholder. */
export function EmailField(props: TextFieldProps) {
  const t = useT();
  return <TextField autoCapitalize="none" placeholder={t('login.emailPlaceholder')} {...props} />;
}

/** The user ID of login and find password: the browser's saved username, no spell check. */
export function UserIdField(props: TextFieldProps) {
  return <EmailField autoComplete="username" spellCheck={false} {...props} />;
}

/** A Korean mobile number as 010-1234-5678; the screen's input rule (inputRules.ts) comes with `onChange`. */
export function PhoneField(props: TextFieldProps) {
  return <TextField type="tel" inputMode="numeric" autoComplete="tel" placeholder="010-1234-5678" {...props} />;
}

const RECOVERY_TABS = [
  { to: '/findid', label: 'findId.tab' },
  { to: '/findpass', label: 'findPassword.tab' },
] as const;

/** The Find ID / Find password switch above the recovery forms. */
export function RecoveryTabs({ active }: { active: (typeof RECOVERY_TABS)[number]['to'] }) {
  const t = useT();
  return (
    <div className="tabs tabs--auth" role="tablist">
      {RECOVERY_TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={`tabs__tab${tab.to === active ? ' is-active' : ''}`}
          role="tab"
          aria-selected={tab.to === active ? 'true' : 'false'}
        >
          {t(tab.label)}
        </Link>
      ))}
    </div>
  );
}
