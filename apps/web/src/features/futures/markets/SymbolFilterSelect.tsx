import { useT } from '../../../i18n/I18nProvider.tsx';
import { useServerRules } from '../../rules/useServerRules.ts';
import type { SymbolFilter } from './symbols.ts';
import styles from './selector.module.css';

/** The tables' market filter (#34 item 5): All, or one market. */
export function SymbolFilterSelect({ value, onChange }: { value: SymbolFilter; onChange(next: SymbolFilter): void }) {
  const t = useT();
  const markets = useServerRules()?.markets ?? [];
  return (
    <label className={styles.filter}>
      <span>{t('futures.markets.filter')}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} data-testid="symbol-filter">
        <option value="all">{t('futures.markets.all')}</option>
        {markets.map((market) => (
          <option key={market.symbol} value={market.symbol}>
            {market.symbol}
          </option>
        ))}
      </select>
    </label>
  );
}
