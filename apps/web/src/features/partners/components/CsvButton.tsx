import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../i18n/I18nProvider.tsx';
import { downloadCsv } from '../calc/csv.ts';

/** Builds the CSV (all pages, from the server) only when clicked, then offers it as a download. */
export function CsvButton({ fileName, build, testId }: { fileName: string; build(): Promise<string>; testId: string }) {
  const t = useT();
  // Seed 001 §8: network errors on lookups are silent (the mutation keeps them); the button comes back for another try.
  const csv = useMutation({ mutationFn: build, onSuccess: (text) => downloadCsv(fileName, text) });
  const busy = csv.isPending;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      disabled={busy}
      onClick={() => csv.mutate()}
      data-testid={testId}
    >
      {busy ? t('partners.csvBusy') : t('partners.csv')}
    </button>
  );
}
