import { useSyncExternalStore } from 'react';

/** Local storage keys, exactly as the seeds name them. */
export const STORAGE_KEYS = {
  userId: 'userid',
  level: 'level',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

/** The seeds: a missing level counts as 1 (member). */
export const DEFAULT_LEVEL = 1;
/** Partners (levels 2..7) may open the /affiliates screens. */
export const PARTNER_MIN_LEVEL = 2;

export interface Session {
  userId: string | null;
  level: number;
  accessToken: string | null;
  refreshToken: string | null;
}

export interface LoginTokens {
  userid: string;
  level: number | string | null | undefined;
  accessToken: string;
  refreshToken: string;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the session then lives for this page only.
  }
}

function parseLevel(raw: string | null): number {
  const level = Number(raw);
  return Number.isInteger(level) && level >= 1 ? level : DEFAULT_LEVEL;
}

function readSession(): Session {
  return {
    userId: readStorage(STORAGE_KEYS.userId),
    level: parseLevel(readStorage(STORAGE_KEYS.level)),
    accessToken: readStorage(STORAGE_KEYS.accessToken) || null,
    refreshToken: readStorage(STORAGE_KEYS.refreshToken) || null,
  };
}

let snapshot: Session = readSession();
const listeners = new Set<() => void>();

function publish(): void {
  const next = readSession();
  const changed = (Object.keys(next) as (keyof Session)[]).some((key) => next[key] !== snapshot[key]);
  if (!changed) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) publish();
});

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function isLoggedIn(session: Session = snapshot): boolean {
  return session.accessToken !== null;
}

/** Seeds §4: a successful login stores userid, level, accessToken and refreshToken. */
export function saveLogin(tokens: LoginTokens): void {
  writeStorage(STORAGE_KEYS.userId, tokens.userid);
  writeStorage(STORAGE_KEYS.level, String(parseLevel(tokens.level == null ? null : String(tokens.level))));
  writeStorage(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  publish();
}

export function saveTokens(accessToken: string, refreshToken: string): void {
  writeStorage(STORAGE_KEYS.accessToken, accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, refreshToken);
  publish();
}

/** Seeds §4/§8: log out and an invalid session remove the stored token (the refresh token goes with it). */
export function clearSession(): void {
  writeStorage(STORAGE_KEYS.accessToken, null);
  writeStorage(STORAGE_KEYS.refreshToken, null);
  publish();
}
