import { useI18n, type MessageKey } from '../../i18n/I18nProvider.tsx';
import { setTimeZone, TIME_ZONES, zoneOffsetMs, type TimeZoneChoice } from '../../lib/timeZone.ts';
import styles from './TimeZoneSelect.module.css';

const LABELS: Record<TimeZoneChoice, MessageKey> = {
  'Asia/Seoul': 'preferences.zoneSeoul',
  UTC: 'preferences.zoneUtc',
  Local: 'preferences.zoneLocal',
};

/** `UTC+9`, `UTC`, `UTC-5:30`: what a choice means here and now. */
function offsetText(zone: TimeZoneChoice): string {
  const minutes = Math.round(zoneOffsetMs(zone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const whole = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${whole}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The user's one time zone (#28 item 5): the header, the mobile menu and the futures chart's toolbar offer it. */
export function TimeZoneSelect({ className }: { className?: string }) {
  const { t, timeZone } = useI18n();
  return (
    <select
      className={`${styles.select} ${className ?? ''}`}
      aria-label={t('preferences.timeZone')}
      title={t('preferences.timeZone')}
      value={timeZone}
      data-testid="time-zone"
      onChange={(event) => setTimeZone(event.target.value as TimeZoneChoice)}
    >
      {TIME_ZONES.map((zone) => (
        <option key={zone} value={zone}>
          {t(LABELS[zone], { offset: offsetText(zone) })}
        </option>
      ))}
    </select>
  );
}
