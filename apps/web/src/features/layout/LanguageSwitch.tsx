import { LANGUAGES, useI18n } from '../../i18n/I18nProvider.tsx';
import { GlobeIcon } from '../../ui/icons.tsx';

/** Language switch for the header and the mobile menu; the choice is persisted by the provider. */
export function LanguageSwitch({ variant = 'compact' }: { variant?: 'compact' | 'full' }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <div className={`lang-switch lang-switch--${variant}`} role="group" aria-label={t('nav.language')}>
      {variant === 'compact' ? <GlobeIcon size={18} /> : null}
      {LANGUAGES.map((option) => (
        <button
          key={option.code}
          type="button"
          className={`lang-switch__option${option.code === language ? ' is-active' : ''}`}
          aria-pressed={option.code === language}
          onClick={() => setLanguage(option.code)}
        >
          {variant === 'compact' ? option.code.toUpperCase() : option.label}
        </button>
      ))}
    </div>
  );
}
