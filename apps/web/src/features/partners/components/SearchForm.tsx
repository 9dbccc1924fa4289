import { useState, type FormEvent, type ReactNode } from 'react';
import styles from '../partners.module.css';

/**
 * A search box and its button: the typed text goes to `onSearch` (trimmed) only when the form is sent, so each
 * search is one server call. `before` holds a selector shown in front of the box.
 */
export function SearchForm({
  label,
  button,
  onSearch,
  testId,
  before,
}: {
  label: string;
  button: string;
  onSearch(text: string): void;
  testId: string;
  before?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form className={styles.toolbar} onSubmit={submit} role="search">
      {before}
      <input
        className={`input ${styles.searchInput}`}
        type="search"
        value={typed}
        placeholder={label}
        aria-label={label}
        onChange={(event) => setTyped(event.target.value)}
        data-testid={testId}
      />
      <button type="submit" className="btn btn--primary btn--sm" data-testid={`${testId}-button`}>
        {button}
      </button>
    </form>
  );
}
