import { forwardRef, useState } from 'react';
import type { ComponentProps } from 'react';
import { useT } from '../i18n/I18nProvider.tsx';
import { TextField } from './Field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
          tabIndex={-1}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
});
