import { useT } from '../../../../i18n/I18nProvider.tsx';
import styles from '../../futures.module.css';

/** #33 item 4: the ADL queue rank 0–4 as five bars, lit up to rank + 1 (Binance's light); absent before a mark. */
export function AdlBars({ quantile }: { quantile: number | undefined }) {
  const t = useT();
  if (quantile === undefined) return <span>-</span>;
  const label = t('futures.positions.adlLevel', { level: quantile });
  return (
    <span
      className={styles.adl}
      role="img"
      aria-label={label}
      title={label}
      data-testid="position-adl"
      data-level={quantile}
    >
      {[0, 1, 2, 3, 4].map((bar) => (
        <i key={bar} data-on={bar <= quantile || undefined} data-hot={quantile >= 3 || undefined} />
      ))}
    </span>
  );
}
