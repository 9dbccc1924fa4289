import { useState } from 'react';
import { downloadCsv } from '../../../../lib/csv.ts';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';

/** The Export CSV button over a history tab: `rows` builds the whole file (every page), then the browser saves it. */
export function CsvButton({ filename, csv, testId }: { filename: string; csv(): Promise<string>; testId: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadCsv(filename, await csv());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.tableTools}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={busy}
        onClick={() => void run()}
        data-testid={testId}
      >
        {t('futures.exportCsv')}
      </button>
    </div>
  );
}
