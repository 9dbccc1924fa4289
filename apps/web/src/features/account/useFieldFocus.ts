import { useCallback, useRef } from 'react';

/** Refs by field name, so a form can move focus to the field its first validation error names. */
export function useFieldFocus<Field extends string>() {
  const refs = useRef(new Map<Field, HTMLInputElement | null>());
  const register = useCallback(
    (field: Field) => (element: HTMLInputElement | null) => {
      refs.current.set(field, element);
    },
    [],
  );
  const focus = useCallback((field: Field) => refs.current.get(field)?.focus(), []);
  return { register, focus };
}
