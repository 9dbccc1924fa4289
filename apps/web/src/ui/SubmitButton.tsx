import type { ReactNode } from 'react';

interface SubmitButtonProps {
  children: ReactNode;
  /** Disables the button while the form is being sent. */
  busy?: boolean;
  /** Shows a spinner in the button while busy. */
  spinner?: boolean;
}

/** The full-width primary submit button at the foot of a single-column form. */
export function SubmitButton({ children, busy, spinner = false }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
      {spinner && busy ? <span className="spinner spinner--inline" /> : null}
      {children}
    </button>
  );
}
