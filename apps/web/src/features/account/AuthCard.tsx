import type { ReactNode } from 'react';

/** The centred card the login, register and recovery screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth">
      <div className="auth__card card">
        <h1 className="auth__title">{title}</h1>
        {subtitle ? <p className="auth__subtitle muted">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
