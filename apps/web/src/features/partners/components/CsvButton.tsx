import { useState } from 'react';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { downloadCsv } from '../calc/csv.ts';

/** Builds the CSV (all pages, from the server) only when clicked, then offers it as a download. */
export function CsvButton({ fileName, build, testId }: { fileName: string; build(): Promise<string>; testId: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      downloadCsv(fileName, await build());
    } catch {
      // Seed 001 §8: network errors on lookups are silent; the button comes back for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      disabled={busy}
      onClick={() => void onClick()}
      data-testid={testId}
    >
      {busy ? t('partners.csvBusy') : t('partners.csv')}
    </button>
  );
}
