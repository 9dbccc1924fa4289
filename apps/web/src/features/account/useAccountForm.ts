import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChangeEvent, FormEvent } from 'react';
import { useT } from '../../i18n/I18nProvider.tsx';
import type { FieldError } from './validation.ts';

type Values<Field extends string> = Record<Field, string>;

interface AccountFormOptions<Field extends string> {
  initial: Values<Field>;
  /** The form's checks in the seeds' order (validation.ts); the first failure is shown under its field. */
  validate(values: Values<Field>): FieldError<Field> | null;
  /** Sends a valid form. A throw counts as a failed request and calls `onFailure`. */
  send?(values: Values<Field>): Promise<void>;
  onFailure?(): void;
}

const keepInput = (raw: string) => raw;

/**
 * State of an account form (login, register, find ID, find password): the values, the first validation error with
 * focus moved to its field, and a submit handler that ignores a second submit while the first is being sent.
 */
export function useAccountForm<Field extends string>({
  initial,
  validate,
  send,
  onFailure,
}: AccountFormOptions<Field>) {
  const t = useT();
  const [values, setValues] = useState(initial);
  // A check of this form (a message key) or the server's answer about a field (its text, already localised).
  const [error, setError] = useState<FieldError<Field> | { field: Field; text: string } | null>(null);
  const sending = useMutation({
    mutationFn: async (sent: Values<Field>) => send?.(sent),
    onError: () => onFailure?.(),
  });
  const inputs = useRef(new Map<Field, HTMLInputElement | null>());
  const inputRef = useCallback(
    (field: Field) => (element: HTMLInputElement | null) => {
      inputs.current.set(field, element);
    },
    [],
  );

  /** Runs the checks; on a failure shows it and focuses its field. True when the form may be sent. */
  const check = (): boolean => {
    const failure = validate(values);
    setError(failure);
    if (failure) inputs.current.get(failure.field)?.focus();
    return failure === null;
  };

  /** Shows the server's refusal under `field` (its message is already in the interface language) and focuses it. */
  const showError = (field: Field, text: string): void => {
    setError({ field, text });
    inputs.current.get(field)?.focus();
  };

  /** The props that tie one input to a field; `filter` is the field's input rule (inputRules.ts). */
  const bind = (field: Field, filter: (raw: string) => string = keepInput) => ({
    ref: inputRef(field),
    name: field,
    value: values[field],
    error: error?.field !== field ? null : 'text' in error ? error.text : t(error.message),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = filter(event.target.value);
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (sending.isPending || !check() || !send) return;
    sending.mutate(values);
  };

  return { values, bind, check, showError, onSubmit, submitting: sending.isPending };
}
