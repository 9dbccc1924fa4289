import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';

/** The two-factor code a change asks for when two-factor is on (a TOTP or a recovery code); nothing when it is off. */
export function SecondFactorField(props: { needed: boolean; value: string; onChange(value: string): void }) {
  const t = useT();
  if (!props.needed) return null;
  return (
    <TextField
      label={t('security.codeForChange')}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.trim().slice(0, 20))}
    />
  );
}
