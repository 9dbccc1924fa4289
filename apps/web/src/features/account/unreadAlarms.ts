import { useCallback, useSyncExternalStore } from 'react';
import type { Alarm } from '@tickline/protocol';

/** Local storage: the insertDate of the newest alarm the user has seen (the notifications panel was opened). */
export const ALARMS_SEEN_KEY = 'alarmsSeenAt';

const listeners = new Set<() => void>();

function readSeen(): string {
  try {
    return window.localStorage.getItem(ALARMS_SEEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ALARMS_SEEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Alarms newer than the newest one seen (ISO 8601 UTC times compare as text). */
export function countUnread(alarms: readonly Alarm[], seenAt: string): number {
  return alarms.filter((alarm) => alarm.insertDate > seenAt).length;
}

/** #18: the header's unread count, and what opening the panel does (everything listed counts as seen). */
export function useUnreadAlarms(alarms: readonly Alarm[]): { unread: number; markSeen(): void } {
  const seenAt = useSyncExternalStore(subscribe, readSeen, readSeen);
  const newest = alarms.reduce((latest, alarm) => (alarm.insertDate > latest ? alarm.insertDate : latest), '');
  const markSeen = useCallback(() => {
    if (newest === '' || newest <= readSeen()) return;
    try {
      window.localStorage.setItem(ALARMS_SEEN_KEY, newest);
    } catch {
      // Storage unavailable: the count stays until the page is left.
    }
    for (const listener of listeners) listener();
  }, [newest]);
  return { unread: countUnread(alarms, seenAt), markSeen };
}
