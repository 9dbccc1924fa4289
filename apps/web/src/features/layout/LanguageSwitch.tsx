import { LANGUAGES, useI18n } from '../../i18n/I18nProvider.tsx';
import { GlobeIcon } from '../../ui/icons.tsx';
import styles from './LanguageSwitch.module.css';

/** Language switch for the header and the mobile menu; the choice is persisted by the provider. */
export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <div className={`${styles.switch} ${styles[variant]}`} role="group" aria-label={t('nav.language')}>
      {variant === 'compact' ? <GlobeIcon size={18} /> : null}
      {LANGUAGES.map((option) => (
        <button
          key={option.code}
          type="button"
          className={option.code === language ? `${styles.option} ${styles.active}` : styles.option}
          aria-pressed={option.code === language}
          onClick={() => setLanguage(option.code)}
        >
          {variant === 'compact' ? option.code.toUpperCase() : option.label}
        </button>
      ))}
    </div>
  );
}
