import { formatUsdt } from '@tickline/money';
import type { PositionRow } from '@tickline/protocol';
import { useT } from '../../../../i18n/I18nProvider.tsx';
import { useFundingSinceOpen } from './useFundingSinceOpen.ts';
import styles from '../../futures.module.css';

/** #33 item 4: funding received (green, +) or paid (red, -) since the position opened; '-' while unknown. */
export function FundingCell({ position }: { position: PositionRow }) {
  const t = useT();
  const funding = useFundingSinceOpen(position);
  const shown = funding === null ? '-' : formatUsdt(Math.abs(funding));
  const sign = funding === null || shown === '0.00' ? 0 : Math.sign(funding);
  return (
    <td
      data-label={t('futures.positions.funding')}
      className={sign > 0 ? styles.up : sign < 0 ? styles.down : undefined}
      title={t('futures.positions.fundingHint')}
      data-testid="position-funding"
      data-micros={funding ?? undefined}
    >
      {sign > 0 ? '+' : sign < 0 ? '-' : ''}
      {shown}
    </td>
  );
}
